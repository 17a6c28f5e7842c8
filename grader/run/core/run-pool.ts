// Run tasks with at most `jobs` in flight and hand results out in task order, whatever order they finish in.
// A task may call `release` before it ends (its process is gone, only bookkeeping is left): its slot then starts the
// next task at once, while the rest of it finishes alongside.
export async function runInOrder<T, R>(
  items: T[],
  jobs: number,
  task: (item: T, index: number, release: () => void) => Promise<R>,
  onResult: (result: R, index: number) => void,
  shouldStart: () => boolean = () => true,
): Promise<(R | undefined)[]> {
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
  const worker = async (): Promise<void> => {
    while (nextToStart < items.length && shouldStart()) {
      const index = nextToStart++;
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const finished = task(items[index] as T, index, release).then((result) => {
        results[index] = result;
        done[index] = true;
        emitReady();
      });
      running.push(finished);
      await Promise.race([finished, released]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  await Promise.all(running);
  return results;
}
