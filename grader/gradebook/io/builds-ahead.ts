// `grade` grades its submissions one after the other, and each one's cases wait for its program's build: under
// --isolate a build in the sandbox takes one to two seconds, mostly waiting between esbuild and node, while the cores
// sit idle. So the next submission's build starts as soon as the current one's has ended, and runs beside the current
// submission's cases; its outcome is waiting when its turn comes. One build ahead at most: a class of any size never
// holds more than two builders at once.
import type { BuildOutcome, ProgramBuilder } from '../../run/io/build-program.ts';

/** The builder of submission `index`, or undefined when it has nothing to build (no program.ts). */
export type OpenBuilder = (index: number) => Promise<ProgramBuilder | undefined>;

export type BuildsAhead = {
  /** Submission `index`'s builder (taken in order: 0, 1, 2, …), its first build already started; disposing it is the taker's. */
  take(index: number): Promise<ProgramBuilder | undefined>;
  /** Gives up the build started ahead, if one was never taken (the grader stopped): waits for it to end, disposes its builder. */
  close(): Promise<void>;
};

/** A builder opened ahead, with its first build running. */
type Early = { builder: ProgramBuilder; first: Promise<BuildOutcome> };

// The builders of `count` submissions, each build started ahead of its turn. `signal` (the grader's stop) goes to every
// build, and once it fires no further build starts.
export function buildsAhead(count: number, open: OpenBuilder, signal?: AbortSignal): BuildsAhead {
  let nextToTake = 0;
  let isClosed = false;
  // The submission whose builder was opened ahead and not taken yet.
  let ahead: { index: number; early: Promise<Early | undefined> } | undefined;

  const start = (index: number): Promise<Early | undefined> =>
    open(index).then((builder) => (builder ? { builder, first: builder.build(signal) } : undefined));

  // Once `early`'s build has ended (or at once: nothing to build), the next submission's starts, unless stopped.
  const startNextAfter = (index: number, early: Early | undefined) => {
    const next = index + 1;
    if (next >= count) return;
    void (early?.first ?? Promise.resolve()).then(
      () => {
        if (isClosed || signal?.aborted || nextToTake !== next || ahead !== undefined) return;
        const started = start(next);
        // Its failure is its taker's to see, or close()'s to drop: never an unhandled rejection.
        started.catch(() => undefined);
        ahead = { index: next, early: started };
      },
      () => undefined,
    );
  };

  return {
    async take(index) {
      if (index !== nextToTake || isClosed) throw new Error(`buildsAhead: submission ${index} taken out of order (next is ${nextToTake}); builders are taken in order`);
      nextToTake = index + 1;
      const found = ahead?.index === index ? ahead.early : undefined;
      ahead = undefined;
      const early = await (found ?? start(index));
      startNextAfter(index, early);
      if (!early) return undefined;
      let first: Promise<BuildOutcome> | undefined = early.first;
      return {
        build(buildSignal) {
          const outcome = first ?? early.builder.build(buildSignal);
          first = undefined;
          return outcome;
        },
        dispose: () => early.builder.dispose(),
      };
    },
    async close() {
      isClosed = true;
      const left = ahead;
      ahead = undefined;
      const early = await left?.early.catch(() => undefined);
      if (!early) return;
      await early.first.catch(() => undefined);
      await early.builder.dispose();
    },
  };
}
