// Reads the machine's idle time and lends a run's spare job slots while it lasts (run/core/idle-cores.ts says when).
import { cpus, freemem } from 'node:os';
import { type CpuTimes, idleCores, slotsToLend } from '../core/idle-cores.ts';
import type { Slots } from '../core/slots.ts';

/** How often the machine's idle time is read while a run lends slots. 50 ms: a whole course took 0.92× the time it took
 * at 100 ms (paired runs, median of 4); 25 ms was no faster. */
const LOOK_EVERY_MS = 50;

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

// Lends `slots`' spare slots at each look, as many as the idle time since the last look and the free memory allow
// (core/idle-cores.ts); returns the stop.
export function lendWhileIdle(slots: Slots, everyMs = LOOK_EVERY_MS, read: () => CpuTimes = readCpuTimes, freeBytes: () => number = freemem): () => void {
  if (slots.spare === 0) return () => {};
  let last = read();
  const timer = setInterval(() => {
    const now = read();
    for (let n = slotsToLend(idleCores(last, now), slots, freeBytes()); n > 0; n--) slots.lend();
    last = now;
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
