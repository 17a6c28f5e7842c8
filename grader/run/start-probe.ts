import type { RunResult } from '../course/core/types.ts';
import { type Crash, crashOf, isSameCrash } from '../judge/core/start-crash.ts';

/** Tells a program that crashes at start (a throw at import: every case would fail the same way) from one that crashes on some inputs. */
export type StartProbe = {
  /** Set once a crash is confirmed to happen whatever the input. */
  readonly crash: Crash | undefined;
  /** Look at a case's run; the first time one dies of an uncaught exception, run the program once with no input and see whether it dies the same way. */
  check(run: RunResult): Promise<void>;
};

// A probe for one graded run; `runWithoutInput` runs the built program with an empty stdin.
export function createStartProbe(courseDir: string, runWithoutInput: () => Promise<RunResult>): StartProbe {
  let crash: Crash | undefined;
  let probing: Promise<void> | undefined;
  return {
    get crash() {
      return crash;
    },
    check(run) {
      const seen = crashOf(run, courseDir);
      if (!seen && !probing) return Promise.resolve();
      probing ??= runWithoutInput().then(
        (probe) => {
          const again = crashOf(probe, courseDir);
          if (seen && again && isSameCrash(seen, again)) crash = seen;
        },
        () => undefined,
      );
      return probing;
    },
  };
}
