// Where `grade` shows its progress: on a terminal, finished submissions scroll above a live line rewritten in place
// ("graded 3/40 · 1m12s · ETA 8m") and cleared at the end; piped, one plain line per finished submission, no escape codes.
import { finishedLine, progressLine, type FinishedSubmission } from '../core/grade-progress.ts';

/** The progress display of one grade run. */
export type GradeProgressOutput = {
  /** A submission finished: print its line and update the live line. */
  finished(s: Omit<FinishedSubmission, 'position' | 'total' | 'elapsedMs'>): void;
  /** Stop the clock and clear the live line. */
  end(): void;
};

const CLEAR_LINE = '\r\u001b[2K';
const REFRESH_MS = 1_000;

// A progress display on `stream`; `live` turns on the rewritten line (a TTY that nothing else writes to).
export function gradeProgressOutput(stream: NodeJS.WriteStream, total: number, live: boolean): GradeProgressOutput {
  const started = performance.now();
  let done = 0;
  let ended = false;
  const elapsedMs = () => performance.now() - started;
  // The live line never wraps: a wrapped line could not be rewritten in place.
  const width = () => (stream.columns !== undefined && stream.columns > 20 ? stream.columns - 1 : 79);
  const draw = () => stream.write(`${CLEAR_LINE}${progressLine({ done, total, elapsedMs: elapsedMs() }).slice(0, width())}`);
  const timer = live ? setInterval(draw, REFRESH_MS) : undefined;
  timer?.unref();
  if (live) draw();
  return {
    finished(s) {
      done++;
      const line = finishedLine({ ...s, position: done, total, elapsedMs: elapsedMs() });
      stream.write(live ? `${CLEAR_LINE}${line}\n` : `${line}\n`);
      if (live) draw();
    },
    end() {
      if (ended) return;
      ended = true;
      if (timer) clearInterval(timer);
      if (live) stream.write(CLEAR_LINE);
    },
  };
}
