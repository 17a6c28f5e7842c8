// The shape of the class summary (gradebook.json's `summary`); gradebook-summary.ts computes it.
/** Submissions whose score (as a percentage of the maximum) falls in [from, to); the last bin includes 100. */
export type ScoreBin = { from: number; to: number; count: number };

/** How many graded submissions passed every case of a stage. */
export type StagePassRate = { stage: string; passed: number; graded: number; rate: number };

/** Submissions that failed a case with the same first difference; `submissions` are indices into the gradebook's rows. */
export type CommonDifference = { difference: string; note?: string; mistake?: string; count: number; submissions: number[] };

/** One of the cases the class fails most. */
export type MostFailedCase = {
  stage: string;
  name: string;
  file: string;
  hint: string;
  private?: true;
  /** Graded submissions that ran it and did not pass it. */
  failed: number;
  differences: CommonDifference[];
};

/** The summary written at the top of gradebook.json and of the page. */
export type ClassSummary = {
  submissions: number;
  /** Submissions of which at least one case ran: the mean, median and rates are over these. */
  graded: number;
  maxScore: number;
  mean: number;
  median: number;
  histogram: ScoreBin[];
  stages: StagePassRate[];
  mostFailed: MostFailedCase[];
};
