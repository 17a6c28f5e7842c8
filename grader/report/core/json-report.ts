// The JSON report document (ARCHITECTURE.md) as a type: reporters/json.ts writes it, report/core/merge-reports.ts reads it.
import type { Report, Verdict } from '../../course/core/types.ts';

/** One case of the JSON report. */
export type JsonCase = {
  name: string;
  file: string;
  status: string;
  durationMs: number;
  message: string;
  hint: string;
  /** Points earned (all or nothing) and the points the case is worth. */
  score: number;
  maxScore: number;
  /** The case file's own `points` (its weight when the stage gives points). */
  points?: number;
  /** Loaded from a --cases directory (the json report, the instructor's, keeps everything of it). */
  private?: true;
  /** Cases that neither passed nor were skipped: the verdict as data, the input sent and the program's stderr, so a
   *  merged report (merge-reports) shows failures exactly like the run that produced them. */
  verdict?: Verdict;
  input?: unknown;
  stderr?: string;
};

/** One stage of the JSON report. */
export type JsonStage = {
  slug: string;
  title: string;
  command: string;
  /** The manifest's points for the stage, when it gives them. */
  points?: number;
  status: string;
  problem?: string;
  score: number;
  maxScore: number;
  cases: JsonCase[];
};

/** How the run chose its cases (merge-reports checks that shards agree on it). */
export type JsonRun = {
  /** --stage, --all, --case and --shard as given. */
  stages: string[];
  all: boolean;
  case?: string;
  shard?: { index: number; count: number };
  bail: boolean;
  /** Set on a merged report: how many shard reports it was made from. */
  mergedFrom?: number;
};

/** The JSON report document (ARCHITECTURE.md), with additive fields: scores, the run, and what a merge needs. */
export type JsonReport = {
  summary: Report['summary'] & { score: number; maxScore: number };
  /** The stage to work on next (progressive runs). */
  next?: string;
  run?: JsonRun;
  stages: JsonStage[];
};
