import type { RunResult } from '../../course/core/types.ts';

/** Characters of an overflowing stream a report keeps: half from its head, half from its tail. */
const KEPT_CHARS = 4_000;
/** Characters of a stream within its cap a report keeps: far more than a failure shows, far less than the cap. */
const KEPT_WHOLE_CHARS = 64 * 1024;

function cut(text: string, keptChars: number, note: string): string {
  if (text.length <= keptChars) return text;
  const half = keptChars / 2;
  return `${text.slice(0, half)}\n… [${note}] …\n${text.slice(-half)}`;
}

function cutStream(text: string, droppedBytes: number): string {
  return droppedBytes > 0 ? cut(text, KEPT_CHARS, 'output exceeded the limit: the middle dropped') : cut(text, KEPT_WHOLE_CHARS, `${text.length - KEPT_WHOLE_CHARS} characters dropped from the middle in the report`);
}

// The run as a report keeps it: a stream that overflowed its cap cut to a short head and tail, a long one to 64 KiB,
// so a course of pathological outputs stays small in memory; `keepWhole` (record) keeps output within its cap whole.
export function compactRun(run: RunResult, keepWhole = false): RunResult {
  if (keepWhole) return { ...run, stdout: run.stdoutDroppedBytes > 0 ? cutStream(run.stdout, 1) : run.stdout, stderr: cutStream(run.stderr, run.stderrDroppedBytes) };
  return { ...run, stdout: cutStream(run.stdout, run.stdoutDroppedBytes), stderr: cutStream(run.stderr, run.stderrDroppedBytes) };
}
