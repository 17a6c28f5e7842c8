// Runs a stage's cases through the timeout-streak rule (core/timeout-streak.ts): a case calling a tool that hung in the
// first cases calling it waits for those cases' verdicts, then is cut short instead of run.
import type { Case, CaseResult, Verdict } from './core/types.ts';
import { toolsOf } from './core/running-call.ts';
import { cutShortBy, streakWitnesses } from './core/timeout-streak.ts';

/** Wraps the grading of each case of one stage. */
export type TimeoutGate = {
  /** Grades case `index` with `grade`, or cuts it short; every call settles, so no later case waits forever. */
  around(index: number, grade: () => Promise<CaseResult>): Promise<CaseResult>;
};

// A gate over the cases of one stage, in course order; `timeoutOf` is the timeout a case would have had.
export function timeoutGate(cases: readonly Case[], timeoutOf: (c: Case) => number): TimeoutGate {
  const toolLists = cases.map((c) => toolsOf(c.input));
  const settle: ((v: Verdict) => void)[] = [];
  const verdicts = cases.map((_, i) => new Promise<Verdict>((resolve) => (settle[i] = resolve)));
  return {
    async around(index, grade) {
      const c = cases[index] as Case;
      let verdict: Verdict = { status: 'error', message: 'not graded' };
      try {
        // A case waits only for the first two earlier cases calling each of its tools (they started before it).
        const witnesses = streakWitnesses(toolLists, index);
        const witnessed = await Promise.all(witnesses.map(async (w) => ({ tool: w.tool, verdicts: await Promise.all(w.cases.map((i) => verdicts[i] as Promise<Verdict>)) })));
        const cut = cutShortBy(witnessed);
        const result: CaseResult = cut
          ? { case: c, verdict: { status: 'timeout', timeoutMs: timeoutOf(c), during: cut.call, cutShort: cut }, durationMs: 0 }
          : await grade();
        verdict = result.verdict;
        return result;
      } finally {
        settle[index]?.(verdict);
      }
    },
  };
}
