import type { Report, Verdict } from '../../course/core/types.ts';
import type { RunOutcome } from './watch-state.ts';

function isFailure(verdict: Verdict): boolean {
  return verdict.status !== 'pass' && verdict.status !== 'skip';
}

// What a finished report means to the watch loop: the stage to work on, whether everything graded passed, what failed.
export function outcomeOf(report: Report): RunOutcome {
  const failing = report.stages.find((s) => s.status === 'fail');
  const graded = report.stages.filter((s) => s.status !== 'skip');
  const stage = (failing ?? graded.at(-1) ?? report.stages.at(-1))?.stage.slug;
  const failedCases = report.stages.flatMap((s) => s.cases.filter((c) => isFailure(c.verdict)).map((c) => c.case.file));
  const passed = report.summary.total > 0 && report.summary.failed === 0 && failing === undefined;
  return { type: 'graded', ...(stage ? { stage } : {}), passed, failedCases };
}
