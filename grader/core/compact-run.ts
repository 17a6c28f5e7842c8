import type { RunResult } from './types.ts';

/** Characters of an overflowing stream a report keeps: half from its head, half from its tail. */
const KEPT_CHARS = 4_000;

function cut(text: string, droppedBytes: number): string {
  if (droppedBytes === 0 || text.length <= KEPT_CHARS) return text;
  const half = KEPT_CHARS / 2;
  return `${text.slice(0, half)}\n… [output exceeded the limit: the middle dropped] …\n${text.slice(-half)}`;
}

// The run as a report keeps it: each stream that overflowed its cap cut to a short head and tail, so many floods stay small in memory.
export function compactRun(run: RunResult): RunResult {
  return { ...run, stdout: cut(run.stdout, run.stdoutDroppedBytes), stderr: cut(run.stderr, run.stderrDroppedBytes) };
}
