import type { CaseResult, Report, Stage, StageResult } from '../course/core/types.ts';
import type { Plan, PlannedStage, Selection } from '../run/core/plan.ts';
import type { SourceFiles } from '../report/core/annotation-file.ts';

/** What a reporter is given: where to write and how. Reporters never touch process.stdout themselves. */
export type ReporterContext = {
  write: (text: string) => void;
  /** Whether to use ANSI colours. */
  color: boolean;
  /** Columns text is laid out to (the terminal's width); absent: 80. */
  width?: number;
  /** The text goes to a terminal a student reads (not a pipe, a file or a CI log): a view may show less and tidier. */
  isTerminal?: boolean;
  /** How the run chose its cases (flags), for reports that are merged later (json, merge-reports); absent when unknown. */
  run?: RunInfo;
  /** The graded course's files, for annotations that attach to one (github); absent: they name program.ts. */
  source?: SourceFiles;
};

/** The flags that shaped a run's plan: shards of one run agree on all of it but the shard. */
export type RunInfo = {
  selection: Selection;
  /** --bail: each shard stops at its own first failure, so such reports cannot be merged. */
  bail: boolean;
  /** A merged report (merge-reports): how many shard reports it was made from. */
  mergedFrom?: number;
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
