import type { Reporter } from '../../reporters/reporter.ts';
import { progressLine } from '../../reporters/progress-line.ts';
import { paintOf } from '../../reporters/watch-marks.ts';
import type { LiveLine } from './live-line.ts';

/** Shown only for runs that take longer than this: a short run just prints its results. */
const DELAY_MS = 1_000;
/** How often the elapsed time is redrawn. */
const EVERY_MS = 200;

/** A reporter that counts finished cases and keeps a live progress line up to date; stop() removes the line. */
export type LiveProgress = Reporter & { stop: () => void };

// Live progress (cases done/total, elapsed, the running stage) on a terminal's live line, for runs over a second.
export function liveProgress(line: LiveLine, color: boolean): LiveProgress {
  const paint = paintOf(color);
  let started = performance.now();
  let total = 0;
  let doneBefore = 0;
  let doneInStage = 0;
  let stage: string | undefined;
  let isVisible = false;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    if (isVisible) line.show(progressLine({ done: doneBefore + doneInStage, total, elapsedMs: performance.now() - started, ...(stage ? { stage } : {}) }, paint));
  };
  const stop = () => {
    clearTimeout(timer);
    clearInterval(timer);
    timer = undefined;
    isVisible = false;
    line.show('');
  };
  return {
    onRunStart(plan) {
      started = performance.now();
      total = plan.stages.reduce((sum, p) => sum + p.cases.length, 0);
      timer = setTimeout(() => {
        isVisible = true;
        draw();
        timer = setInterval(draw, EVERY_MS).unref();
      }, DELAY_MS).unref();
    },
    onStageStart(planned) {
      stage = planned.stage.slug;
      draw();
    },
    onCaseEnd() {
      doneInStage++;
      draw();
    },
    onStageEnd(result) {
      doneBefore += result.cases.length;
      doneInStage = 0;
      draw();
    },
    onRunEnd: stop,
    stop,
  };
}
