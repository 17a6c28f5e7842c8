import { createSlots, type Slots } from './slots.ts';

/** What runInOrder may be told besides its tasks. */
export type PoolHooks = {
  /** Whether to start another task (checked before each start, also after waiting for a slot). */
  shouldStart?: () => boolean;
  /** Called once, as soon as no task is left to start (the last one started, or shouldStart said no). */
  onAllStarted?: () => void;
};

// Run tasks with at most `jobs` in flight (a number, or slots shared with other pools, which may lend spare ones) and
// hand results out in task order, whatever order they finish in. A task may call `release` before it ends (its process
// is gone, only bookkeeping is left): its slot then starts the next task at once, while the rest of it finishes alongside.
export async function runInOrder<T, R>(
  items: T[],
  jobs: number | Slots,
  task: (item: T, index: number, release: () => void) => Promise<R>,
  onResult: (result: R, index: number) => void,
  hooks: PoolHooks = {},
): Promise<(R | undefined)[]> {
  const slots = typeof jobs === 'number' ? createSlots(jobs) : jobs;
  const shouldStart = hooks.shouldStart ?? (() => true);
  let isAllStarted = false;
  const allStarted = () => {
    if (isAllStarted) return;
    isAllStarted = true;
    hooks.onAllStarted?.();
  };
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  const done: boolean[] = new Array(items.length).fill(false);
  const running: Promise<void>[] = [];
  let nextToStart = 0;
  let nextToEmit = 0;
  const emitReady = () => {
    while (nextToEmit < items.length && done[nextToEmit]) {
      onResult(results[nextToEmit] as R, nextToEmit);
      nextToEmit++;
    }
  };
  const canStart = () => nextToStart < items.length && shouldStart();
  const worker = async (): Promise<void> => {
    while (canStart()) {
      await slots.take();
      if (!canStart()) {
        // Nothing left for it: the slot goes on to whoever waits next (another pool's worker), even a lent one.
        slots.pass();
        break;
      }
      const index = nextToStart++;
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const finished = task(items[index] as T, index, release).then((result) => {
        results[index] = result;
        done[index] = true;
        emitReady();
      });
      running.push(finished);
      if (nextToStart === items.length) allStarted();
      try {
        await Promise.race([finished, released]);
      } finally {
        slots.give();
      }
    }
    allStarted();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(slots.size + slots.spare, items.length)) }, worker));
  await Promise.all(running);
  return results;
}
