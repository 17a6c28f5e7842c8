// The phases of a save in watch mode (`test --watch` and `ui`), as lines a measuring script reads from stderr
// (scripts/ui-latency.ts): each names its phase and the wall-clock time it was reached, comparable across processes.

/** A save's way to its verdict, in order; `published` is the ui's alone (the verdict written to every tab). */
export const PHASES = ['file-event', 'changes', 'run-start', 'graded', 'verdict', 'published'] as const;

export type Phase = (typeof PHASES)[number];

/** What starts every trace line on stderr. */
const PREFIX = 'dispatch-lab trace:';

// The line for a phase reached at `epochMs` (milliseconds since 1970, to a tenth).
export function traceLine(phase: Phase, epochMs: number): string {
  return `${PREFIX} ${phase} ${epochMs.toFixed(1)}`;
}

// Every trace line of some output, in order, as its phase and time; other lines are skipped.
export function traceMarks(output: string): { phase: Phase; epochMs: number }[] {
  const marks: { phase: Phase; epochMs: number }[] = [];
  for (const match of output.matchAll(/^dispatch-lab trace: ([\w-]+) (\d+(?:\.\d+)?)$/gm)) {
    const phase = match[1] as Phase;
    if (PHASES.includes(phase)) marks.push({ phase, epochMs: Number(match[2]) });
  }
  return marks;
}

// Each phase's first mark at or after `fromEpochMs`, as ms after it (a phase not reached is left out).
export function phaseOffsets(marks: { phase: Phase; epochMs: number }[], fromEpochMs: number): Partial<Record<Phase, number>> {
  const offsets: Partial<Record<Phase, number>> = {};
  for (const { phase, epochMs } of marks) if (epochMs >= fromEpochMs && offsets[phase] === undefined) offsets[phase] = epochMs - fromEpochMs;
  return offsets;
}
