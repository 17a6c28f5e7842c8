import type { Case, Report, Stage } from './types.ts';
import { safeText } from './safe-text.ts';

/** One submission's line in a gradebook. */
export type GradebookRow = {
  /** The submission directory as given on the command line. */
  submission: string;
  /** Points of passed cases (a case's `points`, 1 when absent). */
  score: number;
  maxScore: number;
  passed: number;
  total: number;
  /** Per stage: cases passed of graded. */
  stages: Record<string, { passed: number; total: number }>;
  /** Why the submission could not be graded (no program.ts, …); absent when it was. */
  problem?: string;
};

/** The gradebook document written as JSON. */
export type Gradebook = {
  stages: string[];
  submissions: GradebookRow[];
  /** False when the run was stopped before every submission was graded (Ctrl-C, SIGTERM): the rows say which were not. */
  complete: boolean;
  /** Why the gradebook is incomplete. */
  incomplete?: string;
};

// A submission's gradebook row from its report.
export function gradebookRow(submission: string, report: Report): GradebookRow {
  const cases = report.stages.flatMap((s) => s.cases);
  const pointsOf = (c: (typeof cases)[number]) => c.case.points ?? 1;
  const passedCases = cases.filter((c) => c.verdict.status === 'pass');
  // A stage problem may quote the program (a crash line): shown escaped, like everything a program wrote.
  const problems = report.stages.flatMap((s) => (s.problem ? [safeText(s.problem.split('\n')[0] ?? '')] : []));
  return {
    submission,
    score: passedCases.reduce((sum, c) => sum + pointsOf(c), 0),
    maxScore: cases.reduce((sum, c) => sum + pointsOf(c), 0),
    passed: passedCases.length,
    total: cases.length,
    stages: Object.fromEntries(report.stages.map((s) => [s.stage.slug, { passed: s.cases.filter((c) => c.verdict.status === 'pass').length, total: s.cases.length }])),
    ...(problems.length > 0 ? { problem: problems.join('; ') } : {}),
  };
}

// The row of a submission the grader could not grade at all: nothing passed of the cases it would have run.
export function ungradedRow(submission: string, problem: string, stages: Stage[], cases: Case[]): GradebookRow {
  const total = (slug: string) => cases.filter((c) => c.stage === slug).length;
  return {
    submission,
    score: 0,
    maxScore: cases.reduce((sum, c) => sum + (c.points ?? 1), 0),
    passed: 0,
    total: cases.length,
    stages: Object.fromEntries(stages.map((s) => [s.slug, { passed: 0, total: total(s.slug) }])),
    problem,
  };
}

// A CSV cell; text that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with '.
function csvField(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The gradebook as CSV: one row per submission, a "passed/total" column per stage.
export function gradebookCsv(book: Gradebook): string {
  const header = ['submission', 'score', 'max_score', 'passed', 'total', ...book.stages, 'problem'];
  const rows = book.submissions.map((r) => [r.submission, r.score, r.maxScore, r.passed, r.total, ...book.stages.map((s) => `${r.stages[s]?.passed ?? 0}/${r.stages[s]?.total ?? 0}`), r.problem ?? '']);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
