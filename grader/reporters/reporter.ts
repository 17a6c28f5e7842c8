import type { CaseResult, Report, Stage, StageResult } from '../core/types.ts';
import type { Plan, PlannedStage } from '../core/plan.ts';

/** What a reporter is given: where to write and how. Reporters never touch process.stdout themselves. */
export type ReporterContext = {
  write: (text: string) => void;
  /** Whether to use ANSI colours. */
  color: boolean;
};

/** A view of a run. Every hook is optional; hooks receive values, never the grader's internals. */
export type Reporter = {
  /** Before anything runs. */
  onRunStart?(plan: Plan): void;
  /** Before the first case of a stage runs (not called for skipped stages). */
  onStageStart?(stage: PlannedStage): void;
  /** After each case, in case order whatever --jobs is. */
  onCaseEnd?(result: CaseResult, stage: Stage): void;
  /** After the last case of a stage, skipped stages included. */
  onStageEnd?(result: StageResult): void;
  /** Once, with everything. */
  onRunEnd?(report: Report): void;
};

export type ReporterFactory = (context: ReporterContext) => Reporter;
