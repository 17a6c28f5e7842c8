// Runs a stage's cases through the timeout-streak rule (run/core/timeout-streak.ts). A case starts at once; its verdict
// waits for the earlier cases that decide it. Once they say "cut short" it is stopped (or never started) and cut
// short; otherwise it keeps its own verdict. Waiting holds no job slot: the process is gone by then.
import type { Case, CaseResult, Verdict } from '../course/core/types.ts';
import { toolsOf } from '../judge/core/running-call.ts';
import { cutShortBy, streakWitnesses, type CutShort } from './core/timeout-streak.ts';

/** Wraps the grading of each case of one stage. */
export type TimeoutGate = {
  /** Grades case `index` with `grade` (which stops at `signal`), or cuts it short; every call settles. */
  around(index: number, grade: (signal: AbortSignal) => Promise<CaseResult>): Promise<CaseResult>;
};

// A gate over the cases of one stage, in course order; `timeoutOf` is the timeout a case would have had.
export function timeoutGate(cases: readonly Case[], timeoutOf: (c: Case) => number): TimeoutGate {
  const toolLists = cases.map((c) => toolsOf(c.input));
  const known: (Verdict | undefined)[] = cases.map(() => undefined);
  const listeners = new Set<() => void>();
  const settle = (index: number, verdict: Verdict) => {
    known[index] = verdict;
    for (const listener of [...listeners]) listener();
  };
  // The decision for case `index` from the earlier verdicts known now (undefined while they do not make it yet).
  const decideNow = (index: number) => cutShortBy(streakWitnesses(toolLists, index).map((w) => ({ tool: w.tool, verdicts: w.cases.map((i) => known[i]) })));
  // Resolves with the decision for case `index` as soon as the earlier verdicts make it.
  const decision = (index: number): Promise<CutShort | 'run'> => new Promise((resolve) => {
    const check = () => {
      const found = decideNow(index);
      if (found === undefined) return;
      listeners.delete(check);
      resolve(found);
    };
    listeners.add(check);
    check();
  });
  // Runs the case while its decision is still open; stops it the moment the decision is to cut it short.
  const graded = async (index: number, grade: (signal: AbortSignal) => Promise<CaseResult>, cutShort: (cut: CutShort) => CaseResult): Promise<CaseResult> => {
    const decided = decision(index);
    const stop = new AbortController();
    void decided.then((d) => d !== 'run' && stop.abort());
    const own = await grade(stop.signal);
    const final = await decided;
    return final === 'run' ? own : cutShort(final);
  };
  return {
    async around(index, grade) {
      const c = cases[index] as Case;
      let verdict: Verdict = { status: 'error', message: 'not graded' };
      try {
        const cutShort = (cut: CutShort): CaseResult => ({ case: c, verdict: { status: 'timeout', timeoutMs: timeoutOf(c), ...(cut.call ? { during: cut.call } : {}), cutShort: cut }, durationMs: 0 });
        const now = decideNow(index);
        // Decided before it starts: cut short without a run.
        const result = now !== undefined && now !== 'run' ? cutShort(now) : await graded(index, grade, cutShort);
        verdict = result.verdict;
        return result;
      } finally {
        settle(index, verdict);
      }
    },
  };
}
