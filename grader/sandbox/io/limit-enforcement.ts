import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createCgroup, readText, removeCgroup } from './cgroup-files.ts';
import { ownTag } from './leftover-sweep.ts';

/** How this machine enforces per-case limits: a cgroup (v2, else v1) the grader may write, else rlimits. */
export type LimitEnforcement =
  /** A cgroup v2 folder whose children get the memory and pids controllers. */
  | { kind: 'cgroup2'; parent: string }
  /** The grader's own cgroups in the v1 memory and pids hierarchies. */
  | { kind: 'cgroup1'; memory: string; pids: string }
  /** setrlimit: RLIMIT_DATA for memory (per process); processes are not limited (RLIMIT_NPROC counts every process of the user, and root is exempt). */
  | { kind: 'rlimit' };

/** A cgroup mount from /proc/self/mountinfo: where it is and which controllers it carries (v1). */
type CgroupMount = { path: string; version: 1 | 2; controllers: string[] };

// The cgroup file systems mounted here, from the lines of /proc/self/mountinfo.
function cgroupMounts(mountinfo: string): CgroupMount[] {
  return mountinfo.split('\n').flatMap((line) => {
    const [left, right] = line.split(' - ');
    const path = left?.split(' ')[4];
    const [type, , superOptions = ''] = right?.split(' ') ?? [];
    if (!path || (type !== 'cgroup' && type !== 'cgroup2')) return [];
    return [{ path: path.replace(/\\040/g, ' '), version: type === 'cgroup2' ? 2 : 1, controllers: superOptions.split(',') } as CgroupMount];
  });
}

// Whether a cgroup folder lets the grader create a child with the limits written (tried, then removed).
async function canLimitUnder(dir: string, files: [string, string][]): Promise<boolean> {
  const probe = join(dir, `dispatch-lab-probe-${ownTag()}-${randomUUID()}`);
  try {
    await createCgroup(probe, files);
    await removeCgroup(probe);
    return true;
  } catch {
    return false;
  }
}

// How limits can be enforced here: cgroup v2 where the grader's cgroup hands memory and pids to its children,
// else the v1 memory and pids hierarchies where writable, else rlimits. DISPATCH_LAB_LIMITS=rlimit forces rlimits.
export async function detectLimitEnforcement(): Promise<LimitEnforcement> {
  if (process.platform !== 'linux' || process.env.DISPATCH_LAB_LIMITS === 'rlimit') return { kind: 'rlimit' };
  const mounts = cgroupMounts(await readText('/proc/self/mountinfo'));
  const own = (await readText('/proc/self/cgroup')).split('\n').map((l) => l.split(':'));
  const ownPath = (controller: string | undefined) => own.find(([, names]) => (controller === undefined ? names === '' : names?.split(',').includes(controller)))?.slice(2).join(':');
  const v2 = mounts.find((m) => m.version === 2);
  const v2Path = ownPath(undefined);
  if (v2 && v2Path !== undefined) {
    const parent = join(v2.path, v2Path);
    const enabled = (await readText(join(parent, 'cgroup.subtree_control'))).split(/\s+/);
    if (enabled.includes('memory') && enabled.includes('pids') && (await canLimitUnder(parent, [['pids.max', '1000'], ['memory.max', String(1 << 30)]]))) return { kind: 'cgroup2', parent };
  }
  const memoryMount = mounts.find((m) => m.version === 1 && m.controllers.includes('memory'));
  const pidsMount = mounts.find((m) => m.version === 1 && m.controllers.includes('pids'));
  const memoryPath = ownPath('memory');
  const pidsPath = ownPath('pids');
  if (memoryMount && pidsMount && memoryPath !== undefined && pidsPath !== undefined) {
    const memory = join(memoryMount.path, memoryPath);
    const pids = join(pidsMount.path, pidsPath);
    if ((await canLimitUnder(memory, [['memory.limit_in_bytes', String(1 << 30)]])) && (await canLimitUnder(pids, [['pids.max', '1000']]))) return { kind: 'cgroup1', memory, pids };
  }
  return { kind: 'rlimit' };
}

// How the enforcement is named in the line the grader prints when limits are on.
export function enforcementName(enforcement: LimitEnforcement): string {
  if (enforcement.kind === 'cgroup2') return 'cgroup v2';
  if (enforcement.kind === 'cgroup1') return 'cgroup v1';
  return 'rlimits: memory per process, processes not limited (no writable cgroup)';
}
