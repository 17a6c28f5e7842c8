import { describe, expect, it } from 'vitest';
import { runInOrder } from '../../grader/run/core/run-pool.ts';

// A promise and the function that settles it, for ordering events without timers.
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('runInOrder with release', () => {
  it('starts the next task once a task releases its slot, and still reports in task order', async () => {
    const events: string[] = [];
    const firstMayEnd = deferred();
    const results = await runInOrder(
      ['a', 'b', 'c'],
      1,
      async (item, index, release) => {
        events.push(`start ${item}`);
        release();
        // The first task ends only after the second started: possible only because it released its slot.
        if (index === 0) await firstMayEnd.promise;
        if (index === 1) firstMayEnd.resolve();
        events.push(`end ${item}`);
        return item.toUpperCase();
      },
      (result) => events.push(`report ${result}`),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    expect(events.indexOf('start b')).toBeLessThan(events.indexOf('end a'));
    expect(events.filter((e) => e.startsWith('report'))).toEqual(['report A', 'report B', 'report C']);
  });

  it('without release keeps at most `jobs` tasks in flight', async () => {
    let inFlight = 0;
    let most = 0;
    await runInOrder([1, 2, 3, 4, 5], 2, async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
    }, () => {});
    expect(most).toBe(2);
  });

  it('does not start tasks once shouldStart says no, even after a release', async () => {
    let started = 0;
    const results = await runInOrder([1, 2, 3], 1, async (item, _index, release) => {
      started++;
      release();
      return item;
    }, () => {}, () => started < 2);
    expect(started).toBe(2);
    expect(results).toEqual([1, 2, undefined]);
  });
});
