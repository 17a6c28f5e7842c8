import type { Reporter } from '../reporters/reporter.ts';

/** The reporters a stage started ahead of its turn reports to. */
export type HeldReporters = {
  /** What the stage reports to: the hooks it calls (onStageStart, onCaseEnd) are kept, in order. */
  reporters: Reporter[];
  /** Passes every kept call on to the real reporters, and every later one at once. */
  release(): void;
};

// Reporters for a stage that starts while the one before it still ends its last cases: every reporter sees stages one
// after another (a stage's start after the previous one's end), so its hooks wait until the run reaches it. A stage
// that turns out to be skipped after all is never released: what it ran is dropped.
export function heldReporters(targets: readonly Reporter[]): HeldReporters {
  let kept: ((r: Reporter) => void)[] | undefined = [];
  const pass = (call: (r: Reporter) => void) => {
    if (kept) kept.push(call);
    else for (const r of targets) call(r);
  };
  const held: Reporter = {
    onStageStart: (planned) => pass((r) => r.onStageStart?.(planned)),
    onCaseEnd: (result, stage) => pass((r) => r.onCaseEnd?.(result, stage)),
  };
  return {
    reporters: [held],
    release() {
      const calls = kept ?? [];
      kept = undefined;
      for (const call of calls) for (const r of targets) call(r);
    },
  };
}
