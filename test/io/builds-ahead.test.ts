import { describe, expect, it } from 'vitest';
import { buildsAhead } from '../../grader/gradebook/io/builds-ahead.ts';
import type { BuildOutcome, ProgramBuilder } from '../../grader/run/io/build-program.ts';

// `grade` builds the next submission's program while it grades the current one (gradebook/io/builds-ahead.ts). These
// fakes stand for the builders: each build waits until the test ends it, and every call is logged in order.

type FakeBuilder = ProgramBuilder & { index: number; signals: (AbortSignal | undefined)[]; finish: (outcome?: BuildOutcome) => void; disposed: boolean };

function fakes() {
  const log: string[] = [];
  const made = new Map<number, FakeBuilder>();
  const make = (index: number): FakeBuilder => {
    const pending: ((outcome: BuildOutcome) => void)[] = [];
    const builder: FakeBuilder = {
      index,
      signals: [],
      disposed: false,
      build(signal) {
        log.push(`build ${index}`);
        builder.signals.push(signal);
        return new Promise<BuildOutcome>((resolve) => {
          pending.push(resolve);
          // A build stopped by its signal ends as a failed build, as a real one does.
          signal?.addEventListener('abort', () => resolve({ ok: false, errors: ['stopped'], durationMs: 0 }), { once: true });
        });
      },
      async dispose() {
        log.push(`dispose ${index}`);
        builder.disposed = true;
      },
      finish(outcome = { ok: true, bundlePath: `/b/${index}.mjs`, durationMs: 1 }) {
        for (const resolve of pending.splice(0)) resolve(outcome);
      },
    };
    made.set(index, builder);
    return builder;
  };
  return { log, made, make };
}

// Lets every promise callback queued so far run.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('buildsAhead', () => {
  it('starts the next submission\'s build once the current one\'s build has ended, not before', async () => {
    const { log, made, make } = fakes();
    const ahead = buildsAhead(3, async (i) => make(i));
    await ahead.take(0);
    await settle();
    expect(log).toEqual(['build 0']);
    made.get(0)?.finish();
    await settle();
    expect(log).toEqual(['build 0', 'build 1']);
    // Not stopped: close() waits for the build ahead to end on its own, then disposes its builder.
    const closed = ahead.close();
    made.get(1)?.finish();
    await closed;
    expect(made.get(1)?.disposed).toBe(true);
  });

  it('gives each submission its own builder, whose first build() is the one started ahead, and a later build() builds again', async () => {
    const { log, made, make } = fakes();
    const ahead = buildsAhead(2, async (i) => make(i));
    const first = (await ahead.take(0)) as ProgramBuilder;
    const firstBuild = first.build();
    made.get(0)?.finish();
    expect(await firstBuild).toEqual({ ok: true, bundlePath: '/b/0.mjs', durationMs: 1 });
    await settle();
    made.get(1)?.finish();
    const second = (await ahead.take(1)) as ProgramBuilder;
    expect(await second.build()).toEqual({ ok: true, bundlePath: '/b/1.mjs', durationMs: 1 });
    expect(log).toEqual(['build 0', 'build 1']);
    const again = second.build();
    expect(log).toEqual(['build 0', 'build 1', 'build 1']);
    made.get(1)?.finish();
    await again;
    await second.dispose();
    expect(made.get(1)?.disposed).toBe(true);
    await ahead.close();
  });

  it('opens nothing past the last submission, and close() then has nothing to dispose', async () => {
    const { log, made, make } = fakes();
    const opened: number[] = [];
    const ahead = buildsAhead(2, async (i) => (opened.push(i), make(i)));
    await ahead.take(0);
    made.get(0)?.finish();
    await settle();
    await ahead.take(1);
    made.get(1)?.finish();
    await settle();
    await ahead.close();
    expect(opened).toEqual([0, 1]);
    expect(log).toEqual(['build 0', 'build 1']);
  });

  it('passes on a submission with nothing to build (no program.ts) and starts the one after it at once', async () => {
    const { log, made, make } = fakes();
    const ahead = buildsAhead(3, async (i) => (i === 0 ? undefined : make(i)));
    expect(await ahead.take(0)).toBeUndefined();
    await settle();
    expect(log).toEqual(['build 1']);
    made.get(1)?.finish();
    await ahead.close();
  });

  it('hands the stop signal to every build, and after a stop starts no build ahead', async () => {
    const { log, made, make } = fakes();
    const stop = new AbortController();
    const ahead = buildsAhead(3, async (i) => make(i), stop.signal);
    await ahead.take(0);
    stop.abort();
    made.get(0)?.finish();
    await settle();
    expect(log).toEqual(['build 0']);
    expect(made.get(0)?.signals).toEqual([stop.signal]);
    await ahead.close();
    expect(made.has(1)).toBe(false);
  });

  it('close() gives up a build started ahead: it waits for the build to end, then disposes its builder', async () => {
    const { log, made, make } = fakes();
    const stop = new AbortController();
    const ahead = buildsAhead(3, async (i) => make(i), stop.signal);
    await ahead.take(0);
    made.get(0)?.finish();
    await settle();
    expect(log).toEqual(['build 0', 'build 1']);
    // The grader stops while submission 0 is graded: submission 1's build ends as stopped, then its builder goes.
    stop.abort();
    await ahead.close();
    expect(log).toEqual(['build 0', 'build 1', 'dispose 1']);
    expect(made.get(1)?.disposed).toBe(true);
    expect(made.get(0)?.disposed).toBe(false);
  });

  it('a builder that cannot be opened fails its own take(), and no other; close() swallows one never taken', async () => {
    const { made, make } = fakes();
    const ahead = buildsAhead(3, async (i) => {
      if (i === 1) throw new Error('cannot open 1');
      return make(i);
    });
    await ahead.take(0);
    made.get(0)?.finish();
    await settle();
    await expect(ahead.take(1)).rejects.toThrow('cannot open 1');
    const third = await ahead.take(2);
    expect(made.get(2)?.signals).toHaveLength(1);
    await third?.dispose();
    expect(made.get(2)?.disposed).toBe(true);
    await ahead.close();

    const unused = buildsAhead(2, async (i) => {
      if (i === 1) throw new Error('cannot open 1');
      return make(i);
    });
    await unused.take(0);
    made.get(0)?.finish();
    await settle();
    await expect(unused.close()).resolves.toBeUndefined();
  });

  it('takes the submissions in order only', async () => {
    const { made, make } = fakes();
    const ahead = buildsAhead(3, async (i) => make(i));
    await expect(ahead.take(1)).rejects.toThrow(/in order/);
    expect(made.size).toBe(0);
    await ahead.close();
  });
});
