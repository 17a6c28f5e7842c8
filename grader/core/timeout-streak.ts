// Cutting short a stage whose tool loops forever. The rule reads only case order, so the verdicts are the same at
// any --jobs: when the first STREAK cases of a stage that call a tool (in course order) all timed out during a call to
// it, every later case that calls that tool is cut short (not run) instead of waiting out its own timeout.
import type { Verdict } from './types.ts';

/** How many alike timeouts, the first ones of the stage, cut the remaining alike cases short. */
export const STREAK = 2;

/** Why a case was not run: the call that hung (as the first witness names it) and in how many earlier cases. */
export type CutShort = { call: string; cases: number };

/** A tool a case calls, and the earlier cases whose verdicts decide whether calling it is hopeless. */
export type Witnesses = { tool: string; cases: number[] };

// For case `index`: each tool it calls that the first STREAK earlier cases calling it called too, with those cases.
// Empty when the case is among the first ones for every tool it calls.
export function streakWitnesses(toolLists: readonly (readonly string[])[], index: number): Witnesses[] {
  return (toolLists[index] ?? []).flatMap((tool) => {
    const cases: number[] = [];
    for (let i = 0; i < index && cases.length < STREAK; i++) if (toolLists[i]?.includes(tool)) cases.push(i);
    return cases.length === STREAK ? [{ tool, cases }] : [];
  });
}

// Whether a verdict is a timeout during a call to `tool` (`calls[3] glob` for glob).
function hungIn(verdict: Verdict, tool: string): verdict is Extract<Verdict, { status: 'timeout' }> & { during: string } {
  return verdict.status === 'timeout' && verdict.cutShort === undefined && verdict.during?.replace(/^calls\[\d+\] /, '') === tool;
}

// The first tool (in the case's call order) whose witnesses all timed out during a call to it, as a cut-short note.
export function cutShortBy(witnessed: readonly { tool: string; verdicts: readonly Verdict[] }[]): CutShort | undefined {
  for (const { tool, verdicts } of witnessed) {
    const [first] = verdicts;
    if (verdicts.length >= STREAK && first && verdicts.every((v) => hungIn(v, tool)) && hungIn(first, tool)) return { call: first.during, cases: verdicts.length };
  }
  return undefined;
}
