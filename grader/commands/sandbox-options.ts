import { resolve } from 'node:path';
import type { TestOptions } from '../run/app.ts';
import { DEFAULT_LIMITS, formatBytes, parseSize } from '../sandbox/core/limits.ts';
import { detectLimitEnforcement, enforcementName } from '../sandbox/io/limit-enforcement.ts';
import { prepareIsolation } from '../sandbox/io/isolation.ts';
import { removeCgroup } from '../sandbox/io/cgroup-files.ts';
import { sweepKilledGraders } from '../sandbox/io/leftover-sweep.ts';
import { tmpdir } from 'node:os';
import type { CommonArgs } from './options.ts';

// Whether cases run isolated: --isolate / --no-isolate, else the DISPATCH_LAB_ISOLATE setting (1, true, yes: on), which CI can turn on.
export function isIsolated(args: CommonArgs, env: NodeJS.ProcessEnv = process.env): boolean {
  return args.isolate ?? /^(1|true|yes|on)$/i.test(env.DISPATCH_LAB_ISOLATE ?? '');
}

// The isolation and limits the flags ask for, checked on this machine (a GraderError when it cannot isolate); one line on
// stderr says what is in force. `submissions` are the course directories of the run: each is hidden from the others.
export async function sandboxOptionsOf(args: CommonArgs, contentRoot: string, submissions: string[]): Promise<Pick<TestOptions, 'isolation' | 'limits'>> {
  const isolate = isIsolated(args);
  const hasLimits = isolate || args.memory !== undefined || args['max-procs'] !== undefined;
  // What a grader killed at once left behind (its owner gone): its temp dirs, its build folders in these submissions.
  const places = { tempRoot: tmpdir(), courseDirs: submissions, cgroupParents: [] };
  if (!hasLimits) {
    await sweepKilledGraders(places, removeCgroup);
    return {};
  }
  // --cases directories (private cases) are hidden like the bundled ones.
  const isolation = isolate ? await prepareIsolation({ contentRoot, submissions, privateCaseDirs: (args.cases ?? []).map((dir) => resolve(dir)) }) : undefined;
  const settings = { memoryBytes: (args.memory === undefined ? undefined : parseSize(args.memory)) ?? DEFAULT_LIMITS.memoryBytes, maxProcesses: args['max-procs'] ?? DEFAULT_LIMITS.maxProcesses };
  const enforcement = await detectLimitEnforcement();
  // …and its per-case cgroups.
  const cgroupParents = enforcement.kind === 'cgroup2' ? [enforcement.parent] : enforcement.kind === 'cgroup1' ? [enforcement.memory, enforcement.pids] : [];
  await sweepKilledGraders({ ...places, cgroupParents }, removeCgroup);
  const what = isolation ? `each case isolated (${isolation.launcher.kind === 'bwrap' ? 'bubblewrap' : 'unshare'}: no network; the grader, the cases and other submissions hidden)` : 'cases not isolated';
  process.stderr.write(`dispatch-lab: ${what}; limits per case: ${formatBytes(settings.memoryBytes)} of memory, ${settings.maxProcesses} processes (${enforcementName(enforcement)})\n`);
  return { ...(isolation ? { isolation } : {}), limits: { settings, enforcement } };
}
