import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

/** How to recognise the processes of one case run, including ones that left its process group. */
export type CaseProcesses = {
  /** NAME=value carried in the environment of every process the case started (inherited unless a process clears its environment). */
  marker: string;
  /** The session the case's process leads (it was spawned detached); members stay in it unless they call setsid. */
  sessionId?: number | undefined;
  /** When the case's process started (clock ticks since boot, /proc/<pid>/stat): anything older cannot be one of its own. */
  startTicks?: number | undefined;
};

const MAX_PASSES = 5;

// /proc is read synchronously: its files are generated in memory, and one sync read costs a few microseconds where an
// async one costs four thread-pool round trips; a sweep reads one small file per process on the machine. A /proc file
// says its size is 0, for which readFileSync allocates 64 KiB: one shared buffer serves every file that fits in it.
const procBuffer = Buffer.allocUnsafe(4096);
function readProc(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const length = readSync(fd, procBuffer, 0, procBuffer.length, 0);
    if (length < procBuffer.length) return procBuffer.toString('latin1', 0, length);
  } finally {
    closeSync(fd);
  }
  return readFileSync(path, 'latin1');
}

// The process's state letter, session id and start time from /proc/<pid>/stat (the command name may hold spaces and parentheses).
function parseStat(stat: string): { state: string; sessionId: number; startTicks: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', sessionId: Number(fields[3]), startTicks: Number(fields[19]) };
}

// When a process started, in clock ticks since boot; undefined where /proc cannot tell.
export function startTicksOf(pid: number): number | undefined {
  try {
    const ticks = parseStat(readProc(`/proc/${pid}/stat`)).startTicks;
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

// Whether a live process is one of the case's: started no earlier, and in its session or carrying its marker.
function belongsToCase(pid: string, which: CaseProcesses): boolean {
  try {
    const { state, sessionId, startTicks } = parseStat(readProc(`/proc/${pid}/stat`));
    // A zombie is already dead; its parent (or init) reaps it.
    if (state === 'Z' || state === 'X') return false;
    // Started before the case did: not one of its processes (this also spares most environ reads on the hot path).
    if (which.startTicks !== undefined && startTicks < which.startTicks) return false;
    if (which.sessionId !== undefined && sessionId === which.sessionId) return true;
    return readProc(`/proc/${pid}/environ`).split('\u0000').includes(which.marker);
  } catch {
    // The process ended, or is not ours to read: nothing to sweep.
    return false;
  }
}

// Every live process of a case, found through /proc (Linux); none elsewhere.
export function findCaseProcesses(which: CaseProcesses): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids = entries.filter((e) => /^\d+$/.test(e) && Number(e) !== process.pid);
  return pids.filter((pid) => belongsToCase(pid, which)).map(Number).sort((a, b) => a - b);
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

// Kill every process of a case, including ones that left the process group (setsid, double fork, setpgid); returns how many.
export async function sweepCaseProcesses(which: CaseProcesses): Promise<number> {
  const killed = new Set<number>();
  // Repeat: a process may fork between the scan and the kill, and a killed one shows until it is dead.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const pids = findCaseProcesses(which);
    if (pids.length === 0) break;
    if (pids.every((pid) => killed.has(pid))) await new Promise((r) => setTimeout(r, 10));
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      } catch {
        // Already gone.
      }
    }
  }
  return killed.size;
}
