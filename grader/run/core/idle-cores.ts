// When a run may lend a spare job slot: only while a processor's worth of the machine's time went unused, so that cases
// that sleep (on a latch, a timeout the course provokes, a child) do not hold the machine back, while cases that
// compute, ours or anybody's beside us, never get more company than --jobs.
import type { Slots } from './slots.ts';

/** The machine's processor time so far, summed over its processors (as os.cpus() counts it, in ms). */
export type CpuTimes = { idleMs: number; totalMs: number; cpus: number };

/** Lend a slot only when at least this many processors sat idle, on average, since the last reading. */
export const LEND_WHEN_IDLE_CORES = 1;

// How many processors sat idle on average between two readings; undefined when the counters did not move between them.
export function idleCores(before: CpuTimes, after: CpuTimes): number | undefined {
  const total = after.totalMs - before.totalMs;
  if (total <= 0 || after.cpus <= 0) return undefined;
  const idle = Math.min(Math.max(after.idleMs - before.idleMs, 0), total);
  return (idle / total) * after.cpus;
}

// Whether to lend a slot now: a case waits for one, a spare one is left, and a processor sat idle.
export function shouldLend(idle: number | undefined, slots: Pick<Slots, 'waiting' | 'lent' | 'spare'>): boolean {
  return idle !== undefined && idle >= LEND_WHEN_IDLE_CORES && slots.waiting > 0 && slots.lent < slots.spare;
}
