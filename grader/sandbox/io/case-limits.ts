import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type CaseLimits, type LimitHit, limitHitInStderr } from '../core/limits.ts';
import { counter, createCgroup, killCgroup, readText, removeCgroup } from './cgroup-files.ts';
import type { LimitEnforcement } from './limit-enforcement.ts';
import { ownTag } from './leftover-sweep.ts';

export type { LimitEnforcement };

/** The limits of one run and how they are enforced. */
export type RunLimits = { settings: CaseLimits; enforcement: LimitEnforcement };

/** One case under its limits. */
export type CaseLimiter = {
  /** A command prefix that puts the case's first process under the limits before it runs anything. */
  prefix: string[];
  /** Kill every process in the case's cgroup (whatever it did to its session or environment); nothing under rlimits. */
  kill(): Promise<void>;
  /** After the run: the limit it went over, if any; kills whatever is left in its cgroup and removes the cgroup. */
  finish(run: { stderr: string; hasFailed: boolean }): Promise<LimitHit | undefined>;
};

/** Joins the case's first process to the cgroups named by the first N arguments, then execs the rest. */
function joinScript(count: number): string {
  return `${Array.from({ length: count }, (_, i) => `echo $$ > "$${i + 1}"`).join(' && ')} && shift ${count} && exec "$@"`;
}

// The limiter of one case: its own cgroup(s) when the machine has them, else rlimits set by a shell before exec.
export async function openCaseLimiter(limits: RunLimits): Promise<CaseLimiter> {
  const { settings, enforcement } = limits;
  const name = `dispatch-lab-${ownTag()}-${randomUUID()}`;
  if (enforcement.kind === 'cgroup2') {
    const dir = join(enforcement.parent, name);
    await createCgroup(dir, [['memory.max', String(settings.memoryBytes)], ['memory.swap.max', '0'], ['memory.oom.group', '1'], ['pids.max', String(settings.maxProcesses)]], ['memory.swap.max', 'memory.oom.group']);
    return {
      prefix: ['/bin/sh', '-c', joinScript(1), 'dispatch-lab-limits', join(dir, 'cgroup.procs')],
      kill: () => killCgroup(dir),
      async finish() {
        const hit = limitHitOf(counter(await readText(join(dir, 'memory.events')), 'oom_kill'), counter(await readText(join(dir, 'pids.events')), 'max'));
        await removeCgroup(dir);
        return hit;
      },
    };
  }
  if (enforcement.kind === 'cgroup1') {
    const memory = join(enforcement.memory, name);
    const pids = join(enforcement.pids, name);
    await createCgroup(memory, [['memory.limit_in_bytes', String(settings.memoryBytes)], ['memory.memsw.limit_in_bytes', String(settings.memoryBytes)]], ['memory.memsw.limit_in_bytes']);
    try {
      await createCgroup(pids, [['pids.max', String(settings.maxProcesses)]]);
    } catch (error) {
      await removeCgroup(memory);
      throw error;
    }
    return {
      prefix: ['/bin/sh', '-c', joinScript(2), 'dispatch-lab-limits', join(memory, 'cgroup.procs'), join(pids, 'cgroup.procs')],
      kill: async () => {
        await Promise.all([killCgroup(memory), killCgroup(pids)]);
      },
      async finish() {
        const hit = limitHitOf(counter(await readText(join(memory, 'memory.oom_control')), 'oom_kill'), counter(await readText(join(pids, 'pids.events')), 'max'));
        await Promise.all([removeCgroup(memory), removeCgroup(pids)]);
        return hit;
      },
    };
  }
  return {
    prefix: ['/bin/sh', '-c', `ulimit -d ${Math.ceil(settings.memoryBytes / 1024)} && exec "$@"`, 'dispatch-lab-limits'],
    kill: async () => {},
    async finish(run) {
      return run.hasFailed ? limitHitInStderr(run.stderr) : undefined;
    },
  };
}

function limitHitOf(oomKills: number, forkRefusals: number): LimitHit | undefined {
  if (oomKills > 0) return 'memory';
  if (forkRefusals > 0) return 'processes';
  return undefined;
}
