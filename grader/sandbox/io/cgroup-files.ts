import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The cgroup files a case's limits live in: create a cgroup with its limits, read its counters, kill what is in it, remove it.
// The same calls serve cgroup v1 and v2 (their file names differ; the caller names them).

// A cgroup file's text; empty when it cannot be read (gone, or not offered by this kernel).
export async function readText(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => '');
}

// A counter from a cgroup file of "key value" lines (memory.events, pids.events, memory.oom_control).
export function counter(text: string, key: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${key} `));
  return Number(line?.split(' ')[1] ?? 0) || 0;
}

// Kill every process in a cgroup: at once where the kernel offers cgroup.kill (v2), else one by one.
export async function killCgroup(dir: string): Promise<void> {
  await writeFile(join(dir, 'cgroup.kill'), '1').catch(() => undefined);
  for (const pid of (await readText(join(dir, 'cgroup.procs'))).split('\n').filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

// Kill every process still in a cgroup, then remove it (a dying process keeps it busy for a moment).
export async function removeCgroup(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    await killCgroup(dir);
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

// Create a case's cgroup folder and write its limits; a limit file the kernel does not have (swap) is skipped.
export async function createCgroup(dir: string, files: [string, string][], optional: string[] = []): Promise<void> {
  await mkdir(dir);
  for (const [name, value] of files) {
    try {
      await writeFile(join(dir, name), value);
    } catch (error) {
      if (!optional.includes(name)) {
        await removeCgroup(dir);
        throw error;
      }
    }
  }
}
