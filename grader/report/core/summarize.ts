import type { CaseResult, StageResult, StageStatus, Summary } from '../../course/core/types.ts';

// Counts of a run's case verdicts: timeouts and errors count as failed.
export function summarize(stages: StageResult[], durationMs: number): Summary {
  const cases = stages.flatMap((s) => s.cases);
  const passed = cases.filter((c) => c.verdict.status === 'pass').length;
  const skipped = cases.filter((c) => c.verdict.status === 'skip').length;
  return { passed, failed: cases.length - passed - skipped, skipped, total: cases.length, durationMs };
}

// A stage passes when every case passed, is skipped when all were skipped, and fails otherwise.
export function stageStatus(cases: CaseResult[], hasProblem = false): StageStatus {
  if (hasProblem) return 'fail';
  if (cases.length > 0 && cases.every((c) => c.verdict.status === 'skip')) return 'skip';
  return cases.every((c) => c.verdict.status === 'pass' || c.verdict.status === 'skip') ? 'pass' : 'fail';
}
