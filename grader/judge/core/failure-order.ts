// Which failures of a stage a student reads first: one a known mistake explains (its block names the mistake for
// certain), else the simplest failing case, so the first block shows the bug plainly rather than through an edge case.
// A case new since the student's last pass of the stage comes last: it is not something the student broke.
import type { Case, CaseResult, Verdict } from '../../course/core/types.ts';
import { stdinOf } from './reproduce.ts';
import { describeVerdict } from './describe.ts';

/** How many failures (or groups of failures alike) are shown in full; the rest are listed with one line each. */
export const MAX_FULL_FAILURES = 3;
const LINE_CHARS = 110;

function callCount(c: Case): number {
  const calls = (c.input as { calls?: unknown } | null)?.calls;
  return Array.isArray(calls) ? calls.length : 0;
}

// The order of two cases, simplest first: the instructor's priority (lower first, 0 when absent), fewer calls,
// a shorter input, then the file name.
export function simplestFirst(a: Case, b: Case): number {
  return (a.priority ?? 0) - (b.priority ?? 0)
    || callCount(a) - callCount(b)
    || stdinOf(a).length - stdinOf(b).length
    || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

// The failed cases in the order their details are shown (a new array; the stage keeps course order).
export function orderFailures(failed: readonly CaseResult[]): CaseResult[] {
  // A case cut short was not run: the timeouts it follows from say more, so it comes after every failure that ran.
  const wasCut = (r: CaseResult) => (r.verdict.status === 'timeout' && r.verdict.cutShort ? 1 : 0);
  const isNew = (r: CaseResult) => (r.isNew ? 1 : 0);
  const unexplained = (r: CaseResult) => ((r.known ?? []).length > 0 ? 0 : 1);
  return [...failed].sort((x, y) => isNew(x) - isNew(y) || wasCut(x) - wasCut(y) || unexplained(x) - unexplained(y) || simplestFirst(x.case, y.case));
}

// The first line of what went wrong, cut to fit one line of a listing.
export function oneLineDifference(verdict: Verdict): string {
  const line = describeVerdict(verdict).split('\n').find((l) => l.trim() !== '') ?? verdict.status;
  return line.length <= LINE_CHARS ? line : `${line.slice(0, LINE_CHARS - 1)}…`;
}
