// Job slots shared by the stages of one run: a case takes one before its process starts and gives it back once its
// processes are gone, so that a stage started while the one before it still ends its last cases never makes more than
// --jobs processes run at once. Slots go to the waiters in the order they asked. While the machine sits idle (the
// running cases wait on timers), up to `spare` more may be lent beyond --jobs (run/io/idle-lender.ts decides when);
// a lent slot is not passed on when it is given back, so the run is back within --jobs as its cases end.

export type Slots = {
  /** How many slots there are. */
  readonly size: number;
  /** How many slots may be lent beyond `size` at most (0: never). */
  readonly spare: number;
  /** How many callers wait for a slot now. */
  readonly waiting: number;
  /** How many lent slots are out now. */
  readonly lent: number;
  /** Resolves once a slot is this caller's. */
  take(): Promise<void>;
  /** Gives a taken slot back (to the longest waiter, if any, unless it was one lent beyond `size`). */
  give(): void;
  /** Hands a slot taken but not used (its taker had nothing left to start) to the longest waiter, a lent one still
   * lent; with nobody waiting, as give(). */
  pass(): void;
  /** Lends one slot beyond `size` to the longest waiter; false, lending nothing, when none waits or `spare` are out. */
  lend(): boolean;
};

export function createSlots(size: number, spare = 0): Slots {
  let free = Math.max(1, size);
  let lent = 0;
  const most = Math.max(0, spare);
  const waiters: (() => void)[] = [];
  return {
    size: Math.max(1, size),
    spare: most,
    get waiting() {
      return waiters.length;
    },
    get lent() {
      return lent;
    },
    take() {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    give() {
      if (lent > 0) {
        lent--;
        return;
      }
      const next = waiters.shift();
      if (next) next();
      else free++;
    },
    pass() {
      const next = waiters.shift();
      if (next) next();
      else if (lent > 0) lent--;
      else free++;
    },
    lend() {
      const next = lent < most ? waiters.shift() : undefined;
      if (!next) return false;
      lent++;
      next();
      return true;
    },
  };
}

/** How many slots a run may lend per job beyond --jobs while the machine is idle. Eight: parallel-calls has 11 cases that
 * each sleep ~4 s on a latch the course leaves unmet; with three per job the run held 8 sleepers at once and the
 * processors sat idle while the rest queued. */
export const SPARE_SLOTS_PER_JOB = 8;

/** How many slots a run at `jobs` may lend beyond them while the machine is idle: none at --jobs 1, which stays serial. */
export function spareSlotsFor(jobs: number): number {
  return jobs >= 2 ? SPARE_SLOTS_PER_JOB * jobs : 0;
}
