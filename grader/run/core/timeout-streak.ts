// Cutting short a stage whose tool (or whole program) hangs. The rule reads only verdicts of earlier cases in course
// order, so the verdicts are the same at any --jobs: once STREAK earlier cases calling a tool timed out during a call
// to it, every later case that calls that tool is cut short; once STREAK earlier cases timed out outside any tool call
// (a turn scheduler that never resolves, a handle that keeps the program alive), every later case is. Passing cases
// in between do not reset the count, so a loop whose first case passes is still cut short after two hangs.
import type { Verdict } from '../../course/core/types.ts';

/** How many hangs in earlier cases cut the remaining cases that need the same thing short. */
export const STREAK = 2;

/** What every case needs: the program itself, outside any tool call. */
export const OUTSIDE_CALLS = '(outside any tool call)';

/** Why a case was not run: the tool whose calls hung ("" when the hangs were outside any call) and in how many earlier cases. */
export type CutShort = { call: string; cases: number };

/** What a case needs that may hang, and the earlier cases that also need it (their verdicts decide). */
export type Witnesses = { tool: string; cases: number[] };

// For case `index`: each tool it calls, and the program itself, with every earlier case that needs the same.
export function streakWitnesses(toolLists: readonly (readonly string[])[], index: number): Witnesses[] {
  const earlier = Array.from({ length: Math.min(index, toolLists.length) }, (_, i) => i);
  const byTool = (toolLists[index] ?? []).map((tool) => ({ tool, cases: earlier.filter((i) => toolLists[i]?.includes(tool)) }));
  return [...byTool, { tool: OUTSIDE_CALLS, cases: earlier }].filter((w) => w.cases.length >= STREAK);
}

// Whether a verdict is a hang in `tool` (`calls[3] glob` for glob), or outside any call for OUTSIDE_CALLS; a case
// cut short is no hang of its own.
export function hungIn(verdict: Verdict, tool: string): verdict is Extract<Verdict, { status: 'timeout' }> {
  if (verdict.status !== 'timeout' || verdict.cutShort !== undefined) return false;
  if (tool === OUTSIDE_CALLS) return verdict.during === undefined;
  return verdict.during?.replace(/^calls\[\d+\] /, '') === tool;
}

/** What is known of one witness list so far: the verdicts settled (by position in the list), maybe not all. */
export type Witnessed = { tool: string; verdicts: readonly (Verdict | undefined)[] };

// The decision for a case from what is known of its witnesses: cut short (with why), run (every witness settled and
// too few hangs), or undefined while it still depends on a verdict not yet known. STREAK hangs decide at once, however
// many verdicts are still to come: the count only grows, so the decision is the one all of them would give.
export function cutShortBy(witnessed: readonly Witnessed[]): CutShort | 'run' | undefined {
  let pending = false;
  for (const { tool, verdicts } of witnessed) {
    const hangs = verdicts.filter((v) => v !== undefined && hungIn(v, tool)).length;
    if (hangs >= STREAK) return { call: tool === OUTSIDE_CALLS ? '' : tool, cases: STREAK };
    if (verdicts.some((v) => v === undefined)) pending = true;
  }
  return pending ? undefined : 'run';
}
