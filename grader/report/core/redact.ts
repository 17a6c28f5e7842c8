// Private cases (--cases DIR) as students see them: the name, the verdict, the hint and a one-line reason, never the
// case's input or expected values, nor what the program printed for it (which may echo the input).
import type { Case, CaseResult, Failure, Report, StageResult, Verdict } from '../../course/core/types.ts';
import type { Plan } from '../../run/core/plan.ts';

/** What stands in for a private case's input wherever a view would show it. */
export const HIDDEN_INPUT = '(private case: input hidden)';

const HIDDEN = 'private case: details hidden';

// One failure of a private case, without any value: the kind of mistake stays, the values go.
function redactFailure(f: Failure): Failure {
  switch (f.kind) {
    case 'not-implemented':
    case 'limit':
      return f;
    case 'mismatch':
      return { kind: 'stdout', problem: `output differs (${HIDDEN})`, excerpt: '' };
    case 'exit-code':
      return { kind: 'stdout', problem: f.signal === null ? `exit code differs (${HIDDEN})` : `the program was killed by ${f.signal} (${HIDDEN})`, excerpt: '' };
    case 'stdout':
      return { kind: 'stdout', problem: f.problem, excerpt: '' };
    case 'output-limit':
      return { kind: 'output-limit', stream: f.stream, limitBytes: f.limitBytes };
    case 'flaky':
      return { ...f, outcomes: f.outcomes.map((o) => ({ ...o, message: '' })) };
    default:
      return { kind: 'stdout', problem: `the output is wrong (${HIDDEN})`, excerpt: '' };
  }
}

// A private case's verdict without values; other verdicts carry none.
export function redactVerdict(verdict: Verdict): Verdict {
  return verdict.status === 'fail' ? { status: 'fail', failures: verdict.failures.map(redactFailure) } : verdict;
}

// A private case without its input and expectation; a bundled case as it is.
export function redactCase(c: Case): Case {
  return c.private ? { ...c, input: HIDDEN_INPUT, expect: {} } : c;
}

// A case result as students may see it: a private case keeps its name, status, hint and a one-line reason. Its run
// time and output sizes go too (0): a program can make them depend on the input (20 ms a character spells it out).
export function redactResult(result: CaseResult): CaseResult {
  if (!result.case.private) return result;
  const redacted: CaseResult = { case: redactCase(result.case), verdict: redactVerdict(result.verdict), durationMs: 0 };
  // What the program printed for a private case may echo its input: the streams are dropped, the exit status kept.
  if (result.run) redacted.run = { ...result.run, stdout: '', stderr: '', durationMs: 0, stdoutDroppedBytes: 0, stderrDroppedBytes: 0 };
  return redacted;
}

// A stage result as students may see it.
export function redactStage(result: StageResult): StageResult {
  return result.cases.some((c) => c.case.private) ? { ...result, cases: result.cases.map(redactResult) } : result;
}

// A whole report as students may see it: every private case redacted, everything else untouched but the run's time,
// which becomes the sum of the bundled cases' times when private cases ran (the difference would time them).
export function redactPrivate(report: Report): Report {
  const cases = report.stages.flatMap((s) => s.cases);
  if (!cases.some((c) => c.case.private)) return report;
  const durationMs = cases.filter((c) => !c.case.private).reduce((sum, c) => sum + c.durationMs, 0);
  return { ...report, summary: { ...report.summary, durationMs }, stages: report.stages.map(redactStage) };
}

// A plan as students may see it (the cases it names carry no private input).
export function redactPlan(plan: Plan): Plan {
  return { ...plan, stages: plan.stages.map((s) => ({ ...s, cases: s.cases.map(redactCase) })) };
}
