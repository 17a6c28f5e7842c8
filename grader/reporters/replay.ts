import type { Report } from '../course/core/types.ts';
import type { Plan } from '../run/core/plan.ts';
import type { Reporter } from './reporter.ts';

// Feed a finished report (merge-reports) to reporters in the order a run calls their hooks: the plan, then per stage its
// start (not for a skipped stage), each case that ran (none for a stage that could not run), its end; then the run's end.
export function replayReport(report: Report, mode: Plan['mode'], reporters: Reporter[]): void {
  const thePlan: Plan = { mode, stages: report.stages.map((s) => ({ stage: s.stage, cases: s.cases.map((c) => c.case) })) };
  for (const r of reporters) r.onRunStart?.(thePlan);
  for (const result of report.stages) {
    if (result.status !== 'skip') {
      for (const r of reporters) r.onStageStart?.({ stage: result.stage, cases: result.cases.map((c) => c.case) });
      if (result.problem === undefined) {
        for (const c of result.cases.filter((one) => one.verdict.status !== 'skip')) for (const r of reporters) r.onCaseEnd?.(c, result.stage);
      }
    }
    for (const r of reporters) r.onStageEnd?.(result);
  }
  for (const r of reporters) r.onRunEnd?.(report);
}
