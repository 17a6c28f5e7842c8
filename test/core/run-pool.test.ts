import { describe, expect, it } from 'vitest';
import { runInOrder } from '../../grader/run/core/run-pool.ts';
import { createSlots, type Slots, spareSlotsFor } from '../../grader/run/core/slots.ts';
import { heldReporters } from '../../grader/run/held-reporters.ts';
import type { Reporter } from '../../grader/reporters/reporter.ts';
import type { Case, CaseResult, Stage } from '../../grader/course/core/types.ts';

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
    }, () => {}, { shouldStart: () => started < 2 });
    expect(started).toBe(2);
    expect(results).toEqual([1, 2, undefined]);
  });
});

describe('runInOrder with shared slots', () => {
  it('says when no task is left to start: as the last one starts, before it ends', async () => {
    const events: string[] = [];
    const lastMayEnd = deferred();
    const pool = runInOrder(['a', 'b'], 2, async (item) => {
      events.push(`start ${item}`);
      if (item === 'b') await lastMayEnd.promise;
      events.push(`end ${item}`);
    }, () => {}, { onAllStarted: () => events.push('all started') });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toContain('all started');
    expect(events).not.toContain('end b');
    lastMayEnd.resolve();
    await pool;
    expect(events.filter((e) => e === 'all started')).toHaveLength(1);
  });

  it('says so once for an empty list, and once when shouldStart stops it early', async () => {
    let told = 0;
    await runInOrder([], 2, async () => undefined, () => {}, { onAllStarted: () => told++ });
    await runInOrder([1, 2, 3], 2, async () => undefined, () => {}, { shouldStart: () => false, onAllStarted: () => told++ });
    expect(told).toBe(2);
  });

  it('never has more tasks in flight than slots over two pools, the second started as the first has nothing left to start', async () => {
    const slots = createSlots(2);
    let inFlight = 0;
    let most = 0;
    const task = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
    };
    let second: Promise<unknown> | undefined;
    const first = runInOrder([1, 2, 3], slots, task, () => {}, { onAllStarted: () => (second = runInOrder([4, 5, 6], slots, task, () => {})) });
    await first;
    await second;
    expect(second).toBeDefined();
    expect(most).toBe(2);
  });
});

describe('createSlots', () => {
  it('hands slots back to the waiters in the order they asked', async () => {
    const slots = createSlots(1);
    const order: string[] = [];
    await slots.take();
    const waiting = ['x', 'y', 'z'].map((name) => slots.take().then(() => {
      order.push(name);
      slots.give();
    }));
    slots.give();
    await Promise.all(waiting);
    expect(order).toEqual(['x', 'y', 'z']);
  });

  it('lends up to `spare` slots beyond its size to the longest waiters, and none when nobody waits', async () => {
    const slots = createSlots(1, 2);
    expect(slots.lend()).toBe(false);
    await slots.take();
    const got: string[] = [];
    for (const name of ['x', 'y', 'z']) void slots.take().then(() => got.push(name));
    expect(slots.waiting).toBe(3);
    expect([slots.lend(), slots.lend(), slots.lend()]).toEqual([true, true, false]);
    await Promise.resolve();
    expect(got).toEqual(['x', 'y']);
    expect(slots.lent).toBe(2);
  });

  // One slot, taken; x and y waiting; a slot lent, which x got.
  async function xHoldsALentSlot(): Promise<{ slots: Slots; got: string[] }> {
    const slots = createSlots(1, 1);
    await slots.take();
    const got: string[] = [];
    for (const name of ['x', 'y']) void slots.take().then(() => got.push(name));
    slots.lend();
    await Promise.resolve();
    return { slots, got };
  }

  it('does not pass a lent slot on when it comes back: the run returns within its size as cases end', async () => {
    const { slots, got } = await xHoldsALentSlot();
    slots.give();
    await Promise.resolve();
    expect(got).toEqual(['x']);
    expect(slots.lent).toBe(0);
    slots.give();
    await Promise.resolve();
    expect(got).toEqual(['x', 'y']);
  });

  it('passes a slot taken but not used to the next waiter, lent or not, and keeps it when nobody waits', async () => {
    const { slots, got } = await xHoldsALentSlot();
    expect(got).toEqual(['x']);
    // x had nothing to do with it: the lent slot goes to y, still lent.
    slots.pass();
    await Promise.resolve();
    expect(got).toEqual(['x', 'y']);
    expect(slots.lent).toBe(1);
    // y neither, and nobody waits: it is given back as a lent one is, and the run is back within its size.
    slots.pass();
    expect(slots.lent).toBe(0);
    slots.give();
    await slots.take();
    expect(slots.waiting).toBe(0);
  });

  it('never lends at size 0 spare', async () => {
    const slots = createSlots(2);
    await slots.take();
    await slots.take();
    void slots.take();
    expect(slots.spare).toBe(0);
    expect(slots.lend()).toBe(false);
  });
});

describe('spareSlotsFor', () => {
  it.each([
    [1, 0],
    [2, 16],
    [8, 64],
  ])('--jobs %i may lend %i', (jobs, spare) => expect(spareSlotsFor(jobs)).toBe(spare));
});

describe('runInOrder with lent slots', () => {
  it('runs more than `jobs` tasks at once only while slots are lent, and reports in task order', async () => {
    const slots = createSlots(1, 2);
    let inFlight = 0;
    let most = 0;
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const run = runInOrder([0, 1, 2, 3], slots, async (i) => {
      started.push(i);
      inFlight++;
      most = Math.max(most, inFlight);
      await gates[i]?.promise;
      inFlight--;
      return i;
    }, () => {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0]);
    slots.lend();
    slots.lend();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await run).toEqual([0, 1, 2, 3]);
    expect(most).toBe(3);
    expect(slots.lent).toBe(0);
  });

  // Seen in a whole-course run: a stage whose quick cases had all started left two of its workers waiting for a slot,
  // ahead of the next stage's; each slot lent while the machine sat idle went to one of them, which had nothing to
  // start and gave it back, and the next stage waited ~2 s for a slot that a case gave back.
  it('a slot lent to a worker with nothing left to start goes on to the next waiter, another pool\'s', async () => {
    const slots = createSlots(1, 4);
    const started: string[] = [];
    const holds = { a3: deferred(), b1: deferred() };
    // a1 and a2 give their slot back at once, so the workers that ran them queue again for a slot; a3 holds its own.
    const first = runInOrder(['a1', 'a2', 'a3'], slots, async (item, _index, release) => {
      started.push(item);
      if (item === 'a3') await holds.a3.promise;
      else release();
      return item;
    }, () => {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2', 'a3']);
    const second = runInOrder(['b1'], slots, async (item) => {
      started.push(item);
      await holds.b1.promise;
      return item;
    }, () => {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).not.toContain('b1');
    expect(slots.lend()).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toContain('b1');
    expect(slots.lent).toBe(1);
    holds.a3.resolve();
    holds.b1.resolve();
    expect(await first).toEqual(['a1', 'a2', 'a3']);
    expect(await second).toEqual(['b1']);
    expect(slots.lent).toBe(0);
    expect(slots.waiting).toBe(0);
  });
});

describe('heldReporters', () => {
  it('keeps a stage\'s hooks in order until released, then passes each on at once', () => {
    const seen: string[] = [];
    const target: Reporter = { onStageStart: ({ stage }) => seen.push(`start ${stage.slug}`), onCaseEnd: (result) => seen.push(`case ${result.case.name}`) };
    const held = heldReporters([target]);
    const stage = { slug: 'second' } as Stage;
    const result = (name: string) => ({ case: { name } as Case, verdict: { status: 'pass' }, durationMs: 1 }) as CaseResult;
    for (const r of held.reporters) r.onStageStart?.({ stage, cases: [] });
    for (const r of held.reporters) r.onCaseEnd?.(result('c1'), stage);
    expect(seen).toEqual([]);
    held.release();
    expect(seen).toEqual(['start second', 'case c1']);
    for (const r of held.reporters) r.onCaseEnd?.(result('c2'), stage);
    expect(seen).toEqual(['start second', 'case c1', 'case c2']);
  });
});
