// Part of `npm run bench`'s grading part: what isolating one case costs the machine before the case does anything.
// Run through tsx with the launcher named by DISPATCH_LAB_ISOLATE_WITH (bwrap or unshare), in a folder laid out as a
// class (SUBMISSION: a submission folder in it). Starts /bin/true ROUNDS times as a case starts it under --isolate (its
// limits, then the launcher with the grader's own options), and ROUNDS times plainly, one at a time, the machine's busy
// processor time read from /proc/stat around each series; prints {"isolatedMs", "plainMs"}: busy time per start, and
// {"isolatedWallMs", "plainWallMs"}: the median time from spawn to exit.
// The difference is paid by every case of an isolated run whatever the case does: it bounds from below what
// --isolate can cost against a plain run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCaseLimiter } from '../grader/sandbox/io/case-limits.ts';
import { isolatedCommand, prepareIsolation } from '../grader/sandbox/io/isolation.ts';
import { detectLimitEnforcement } from '../grader/sandbox/io/limit-enforcement.ts';
import { DEFAULT_LIMITS } from '../grader/sandbox/core/limits.ts';
import { busyMs } from './machine-busy.mjs';

const submission = process.env.SUBMISSION ?? '';
const rounds = Number(process.env.ROUNDS ?? 200);

function runToEnd(file: string, args: string[], fds: number[], cwd: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'ignore', 'ignore', ...fds] });
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
}

const isolation = await prepareIsolation({ contentRoot: join(import.meta.dirname, '..'), submissions: [submission] });
const limits = { settings: DEFAULT_LIMITS, enforcement: await detectLimitEnforcement() };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const isolatedWalls: number[] = [];
const plainWalls: number[] = [];

// Where /proc/stat cannot be read there is no floor to measure.
const busy = (): number => {
  const ms = busyMs();
  if (ms === undefined) throw new Error('no /proc/stat: the machine\'s busy time cannot be read');
  return ms;
};

let started = busy();
for (let i = 0; i < rounds; i++) {
  const tempDir = mkdtempSync(join(tmpdir(), 'dispatch-lab-floor-'));
  const limiter = await openCaseLimiter(limits);
  const command = await isolatedCommand(isolation, submission, tempDir, ['/bin/true']);
  const [file = '', ...args] = [...limiter.prefix, command.file, ...command.args];
  const spawned = performance.now();
  const code = await runToEnd(file, args, command.fds, submission);
  isolatedWalls.push(performance.now() - spawned);
  await command.close();
  await limiter.finish({ stderr: '', hasFailed: code !== 0 });
  rmSync(tempDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`an isolated /bin/true ended with ${code}`);
}
const isolatedMs = (busy() - started) / rounds;

started = busy();
for (let i = 0; i < rounds; i++) {
  const tempDir = mkdtempSync(join(tmpdir(), 'dispatch-lab-floor-'));
  const spawned = performance.now();
  await runToEnd('/bin/true', [], [], submission);
  plainWalls.push(performance.now() - spawned);
  rmSync(tempDir, { recursive: true, force: true });
}
const plainMs = (busy() - started) / rounds;

const walls = { isolatedWallMs: median(isolatedWalls), plainWallMs: median(plainWalls) };
process.stdout.write(`${JSON.stringify({ isolatedMs, plainMs, ...walls, rounds, limits: limits.enforcement.kind })}\n`);
