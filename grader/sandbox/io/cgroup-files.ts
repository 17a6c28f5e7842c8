import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The cgroup files a case's limits live in: create a cgroup with its limits, read its counters, kill what is in it, remove it.
// The same calls serve cgroup v1 and v2 (their file names differ; the caller names them).
// Synchronous: a cgroup file is the kernel's, answered in microseconds; each call made through the thread pool would
// wait behind the other cases' files, at every case's start and end.

// A cgroup file's text; empty when it cannot be read (gone, or not offered by this kernel).
export async function readText(path: string): Promise<string> {
  return readTextNow(path);
}

function readTextNow(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

// A counter from a cgroup file of "key value" lines (memory.events, pids.events, memory.oom_control).
export function counter(text: string, key: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${key} `));
  return Number(line?.split(' ')[1] ?? 0) || 0;
}

// Kill every process in a cgroup: at once where the kernel offers cgroup.kill (v2), else one by one.
export async function killCgroup(dir: string): Promise<void> {
  killCgroupNow(dir);
}

function killCgroupNow(dir: string): void {
  try {
    writeFileSync(join(dir, 'cgroup.kill'), '1');
  } catch {
    // cgroup v1, or a kernel before 5.14: one by one below.
  }
  for (const pid of readTextNow(join(dir, 'cgroup.procs')).split('\n').filter(Boolean)) {
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
    killCgroupNow(dir);
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

// Create a case's cgroup folder and write its limits; a limit file the kernel does not have (swap) is skipped.
export async function createCgroup(dir: string, files: [string, string][], optional: string[] = []): Promise<void> {
  mkdirSync(dir);
  for (const [name, value] of files) {
    try {
      writeFileSync(join(dir, name), value);
    } catch (error) {
      if (!optional.includes(name)) {
        await removeCgroup(dir);
        throw error;
      }
    }
  }
}
