import { readdir, readFile } from 'node:fs/promises';

// Every process whose environment carries the marker, found through /proc (Linux); none elsewhere.
export async function findMarkedProcesses(marker: string): Promise<number[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  await Promise.all(entries.filter((e) => /^\d+$/.test(e)).map(async (pid) => {
    try {
      const environ = await readFile(`/proc/${pid}/environ`, 'latin1');
      if (environ.split('\u0000').includes(marker)) found.push(Number(pid));
    } catch {
      // The process ended, or is not ours to read: nothing to sweep.
    }
  }));
  return found.sort((a, b) => a - b);
}

// Kill a process group; quiet when it is already gone.
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group has already exited.
  }
}

// Kill every process that carries the marker, including ones that left the process group (setsid, double fork).
export async function sweepMarkedProcesses(marker: string): Promise<number> {
  let killed = 0;
  for (let pass = 0; pass < 3; pass++) {
    const pids = (await findMarkedProcesses(marker)).filter((pid) => pid !== process.pid);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // Already gone.
      }
    }
  }
  return killed;
}
