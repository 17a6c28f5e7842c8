import type { Paint } from './failure-details.ts';

/** Where a run is: cases finished of those planned, time since it started, the stage running. */
export type Progress = { done: number; total: number; elapsedMs: number; stage?: string };

// The live progress line: "▸ 37/401 cases · 12.3 s · view" (dim).
export function progressLine(progress: Progress, paint: Paint): string {
  const seconds = `${(progress.elapsedMs / 1_000).toFixed(1)} s`;
  const stage = progress.stage ? ` · ${progress.stage}` : '';
  return paint.dim(`▸ ${progress.done}/${progress.total} cases · ${seconds}${stage}`);
}
