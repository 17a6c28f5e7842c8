// Run tasks with at most `jobs` in flight and hand results out in task order, whatever order they finish in.
export async function runInOrder<T, R>(
  items: T[],
  jobs: number,
  task: (item: T, index: number) => Promise<R>,
  onResult: (result: R, index: number) => void,
  shouldStart: () => boolean = () => true,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  const done: boolean[] = new Array(items.length).fill(false);
  let nextToStart = 0;
  let nextToEmit = 0;
  const worker = async (): Promise<void> => {
    while (nextToStart < items.length && shouldStart()) {
      const index = nextToStart++;
      results[index] = await task(items[index] as T, index);
      done[index] = true;
      while (nextToEmit < items.length && done[nextToEmit]) {
        onResult(results[nextToEmit] as R, nextToEmit);
        nextToEmit++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
