// When a run may lend spare job slots: only while processor time went unused, so that cases that sleep (on a latch, a
// timeout the course provokes, a child) do not hold the machine back, while cases that compute, ours or anybody's beside
// us, get company only for as long as the machine has time to spare. A lent slot is not passed on when its case ends
// (core/slots.ts): a run that finds the machine busy again is back within --jobs as its cases end.
import type { Slots } from './slots.ts';

/** The machine's processor time so far, summed over its processors (as os.cpus() counts it, in ms). */
export type CpuTimes = { idleMs: number; totalMs: number; cpus: number };

/** One slot is lent for each this many processors that sat idle, on average, since the last reading. Half a processor:
 * two cases that each wait half of their time (an MCP client and its server) leave one processor half idle. */
export const LEND_PER_IDLE_CORES = 0.5;

/** The memory each lent slot needs free on the machine (a case's node is about 50 MB; a program may hold more). */
export const MEMORY_PER_LENT_SLOT = 256 * 1024 * 1024;

// How many processors sat idle on average between two readings; undefined when the counters did not move between them.
export function idleCores(before: CpuTimes, after: CpuTimes): number | undefined {
  const total = after.totalMs - before.totalMs;
  if (total <= 0 || after.cpus <= 0) return undefined;
  const idle = Math.min(Math.max(after.idleMs - before.idleMs, 0), total);
  return (idle / total) * after.cpus;
}

// How many slots to lend now: one per LEND_PER_IDLE_CORES of idle processors, no more than cases wait, spare slots are
// left, and the free memory (`freeBytes`) holds cases at MEMORY_PER_LENT_SLOT each.
export function slotsToLend(idle: number | undefined, slots: Pick<Slots, 'waiting' | 'lent' | 'spare'>, freeBytes: number): number {
  if (idle === undefined) return 0;
  const byIdle = Math.floor(idle / LEND_PER_IDLE_CORES);
  return Math.max(0, Math.min(byIdle, slots.waiting, slots.spare - slots.lent, Math.floor(freeBytes / MEMORY_PER_LENT_SLOT)));
}
