// Reads the machine's idle time and lends a run's spare job slots while it lasts (run/core/idle-cores.ts says when).
import { cpus } from 'node:os';
import { type CpuTimes, idleCores, shouldLend } from '../core/idle-cores.ts';
import type { Slots } from '../core/slots.ts';

/** How often the machine's idle time is read while a run lends slots. */
const LOOK_EVERY_MS = 100;

// The machine's processor time so far, from the kernel's counters (/proc/stat on Linux).
export function readCpuTimes(): CpuTimes {
  let idleMs = 0;
  let totalMs = 0;
  const all = cpus();
  for (const { times } of all) {
    idleMs += times.idle;
    totalMs += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idleMs, totalMs, cpus: all.length };
}

// Lends one of `slots`' spare slots at each look that finds a processor idle since the last one; returns the stop.
export function lendWhileIdle(slots: Slots, everyMs = LOOK_EVERY_MS, read: () => CpuTimes = readCpuTimes): () => void {
  if (slots.spare === 0) return () => {};
  let last = read();
  const timer = setInterval(() => {
    const now = read();
    if (shouldLend(idleCores(last, now), slots)) slots.lend();
    last = now;
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
