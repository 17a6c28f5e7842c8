// Job slots shared by the stages of one run: a case takes one before its process starts and gives it back once its
// processes are gone, so that a stage started while the one before it still ends its last cases never makes more than
// --jobs processes run at once. Slots go to the waiters in the order they asked.

export type Slots = {
  /** How many slots there are. */
  readonly size: number;
  /** Resolves once a slot is this caller's. */
  take(): Promise<void>;
  /** Gives a taken slot back (to the longest waiter, if any). */
  give(): void;
};

export function createSlots(size: number): Slots {
  let free = Math.max(1, size);
  const waiters: (() => void)[] = [];
  return {
    size: Math.max(1, size),
    take() {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    give() {
      const next = waiters.shift();
      if (next) next();
      else free++;
    },
  };
}
