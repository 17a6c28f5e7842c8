import type { Reporter, ReporterFactory } from './reporter.ts';
import { redactCase, redactPlan, redactPrivate, redactResult, redactStage } from '../report/core/redact.ts';

// A reporter that students may read: every hook receives private cases redacted (report/core/redact.ts), the streaming
// ones (onCaseEnd, onStageStart) included, so no view can show a private case's input or expected values.
export function studentFacing(factory: ReporterFactory): ReporterFactory {
  return (context) => {
    const inner = factory(context);
    // Hooks this wrapper does not know (progress, …) pass through as they are: they carry no case.
    const outer: Reporter = { ...inner };
    if (inner.onRunStart) outer.onRunStart = (plan) => inner.onRunStart?.(redactPlan(plan));
    if (inner.onStageStart) outer.onStageStart = (planned) => inner.onStageStart?.({ ...planned, cases: planned.cases.map(redactCase) });
    if (inner.onCaseEnd) outer.onCaseEnd = (result, stage) => inner.onCaseEnd?.(redactResult(result), stage);
    if (inner.onStageEnd) outer.onStageEnd = (result) => inner.onStageEnd?.(redactStage(result));
    if (inner.onRunEnd) outer.onRunEnd = (report) => inner.onRunEnd?.(redactPrivate(report));
    return outer;
  };
}
