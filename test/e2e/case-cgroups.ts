import { readFile, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

// The cgroups the grader made for the cases of a run that a test kills (kill -9 leaves them: the grader removes its
// cgroups as a case ends, and a grader killed outright never does): read from the case processes while they live,
// removed once they are gone, so that the test leaves no cgroup behind.

/** The grader names each case's cgroup so (grader/sandbox/io/case-limits.ts). */
const CASE_CGROUP = /\/dispatch-lab-[^/]+$/;

// The cgroup mounts of this machine: where each v1 hierarchy (by its controllers or name=) and the v2 one are.
async function cgroupMounts(): Promise<{ v2?: string; v1: { path: string; options: string[] }[] }> {
  const lines = (await readFile('/proc/mounts', 'utf8')).split('\n').map((line) => line.split(' '));
  const v2 = lines.find((f) => f[2] === 'cgroup2')?.[1];
  return { v2, v1: lines.filter((f) => f[2] === 'cgroup').map((f) => ({ path: f[1]!, options: f[3]!.split(',') })) };
}

// The folders of the case cgroups these processes are in (undefined entries dropped: a process already gone).
export async function caseCgroupsOf(pids: number[]): Promise<string[]> {
  const mounts = await cgroupMounts();
  const found = new Set<string>();
  for (const pid of pids) {
    const text = await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => '');
    for (const line of text.split('\n').filter(Boolean)) {
      const [id, controllers, path] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1, line.lastIndexOf(':')), line.slice(line.lastIndexOf(':') + 1)];
      if (!CASE_CGROUP.test(path)) continue;
      const mount = id === '0' ? mounts.v2 : mounts.v1.find((m) => controllers.split(',').every((c) => m.options.includes(c)))?.path;
      if (mount) found.add(join(mount, path));
    }
  }
  return [...found];
}

// Remove these (now empty) cgroups; one still busy is retried for a while, as its last process exits.
export async function removeCaseCgroups(dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const error = await rmdir(dir).then(() => undefined, (e: NodeJS.ErrnoException) => e);
      if (!error || error.code === 'ENOENT') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
