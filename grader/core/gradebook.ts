import type { Case, CaseResult, Report, Stage, StageResult, VerdictStatus } from './types.ts';
import { describeVerdict } from './describe.ts';
import { safeText } from './safe-text.ts';
import { caseScore, sumScores } from './points.ts';

/** How much of a stage a submission passed: every case, some, none, or none of it ran (not graded, stopped). */
export type StageMark = 'all' | 'some' | 'none' | 'not-run';

/** One stage of a gradebook row. `score`/`maxScore` are points, the unit of the row's score. */
export type GradebookStage = { score: number; maxScore: number; passed: number; total: number; mark: StageMark };

/** One case of a gradebook row: enough to tell a student which case cost them what, and why. */
export type GradebookCase = {
  stage: string;
  name: string;
  status: VerdictStatus;
  /** Points earned (0 or the case's points) and the case's points. */
  score: number;
  maxScore: number;
  /** The first line of the verdict's message ("" for a pass), control characters escaped. */
  message: string;
};

/** One submission's line in a gradebook. */
export type GradebookRow = {
  /** The submission directory as given on the command line. */
  submission: string;
  /** Points of passed cases (a case's `points`, 1 when absent). */
  score: number;
  maxScore: number;
  passed: number;
  total: number;
  /** Per stage, in course order: points and cases. */
  stages: Record<string, GradebookStage>;
  /** The first stage graded and not fully passed; absent when every graded stage passed. */
  firstFailingStage?: string;
  /** Why the submission could not be graded or why a stage could not run (no program.ts, a crash at start), one line. */
  problem?: string;
  /** The whole problem when it has more lines (the crash's source line and stack frames, the build errors). */
  problemDetail?: string;
  /** Every case it was graded on, in course order. */
  cases: GradebookCase[];
};

/** The gradebook document written as JSON. */
export type Gradebook = {
  stages: string[];
  submissions: GradebookRow[];
  /** False when the run was stopped before every submission was graded (Ctrl-C, SIGTERM): the rows say which were not. */
  complete: boolean;
  /** Why the gradebook is incomplete. */
  incomplete?: string;
  /** Set with --shard: this gradebook holds the I-th of N shares of the submissions. */
  shard?: { index: number; count: number };
};

const MESSAGE_CHARS = 300;
const DETAIL_LINES = 40;

// Text cut to a bound, with an ellipsis when cut.
function bounded(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}…`;
}

// A number of points as a gradebook shows it (scores with fractional points keep at most 2 decimals).
export function formatPoints(points: number): string {
  return String(Math.round(points * 100) / 100);
}

// The mark of a stage from its counts.
function markOf(passed: number, total: number, ran: boolean): StageMark {
  if (!ran || total === 0) return 'not-run';
  if (passed === total) return 'all';
  return passed === 0 ? 'none' : 'some';
}

// The one-line reason a stage could not run: the grader's own message ("program.ts crashes at start: <error>"), and the
// problem's first line when that message names no detail ("program.ts did not build" → its first error).
function problemLine(stage: StageResult & { problem: string }): string {
  const first = stage.problem.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  const verdict = stage.cases[0]?.verdict;
  const reason = verdict?.status === 'error' ? verdict.message : undefined;
  if (reason === undefined) return first;
  return reason.includes(': ') || first === '' ? reason : `${reason}: ${first}`;
}

// The row's problem and its detail from the stages that could not run (the same problem once, however many stages had it).
function problemsOf(stages: StageResult[]): Pick<GradebookRow, 'problem' | 'problemDetail'> {
  const withProblem = stages.filter((s): s is StageResult & { problem: string } => s.problem !== undefined);
  const lines = [...new Set(withProblem.map((s) => safeText(problemLine(s))))];
  const details = [...new Set(withProblem.map((s) => s.problem.trimEnd()).filter((p) => p.includes('\n')))];
  if (lines.length === 0) return {};
  const detail = details.map((d) => safeText(d.split('\n').slice(0, DETAIL_LINES).join('\n'))).join('\n\n');
  return { problem: lines.join('; '), ...(detail ? { problemDetail: detail } : {}) };
}

// A submission's gradebook row from its report.
export function gradebookRow(submission: string, report: Report): GradebookRow {
  const results = report.stages.flatMap((s) => s.cases);
  const caseOf = (c: CaseResult): GradebookCase => ({
    stage: c.case.stage,
    name: c.case.name,
    status: c.verdict.status,
    ...caseScore(c),
    message: bounded(describeVerdict(c.verdict).split('\n')[0] ?? '', MESSAGE_CHARS),
  });
  const cases = results.map(caseOf);
  const sum = (list: GradebookCase[], key: 'score' | 'maxScore') => sumScores(list)[key];
  const stages = Object.fromEntries(report.stages.map((s): [string, GradebookStage] => {
    const own = cases.filter((c) => c.stage === s.stage.slug);
    const passed = own.filter((c) => c.status === 'pass').length;
    return [s.stage.slug, { score: sum(own, 'score'), maxScore: sum(own, 'maxScore'), passed, total: own.length, mark: markOf(passed, own.length, own.some((c) => c.status !== 'skip')) }];
  }));
  const firstFailingStage = Object.entries(stages).find(([, s]) => s.mark === 'some' || s.mark === 'none')?.[0];
  return {
    submission,
    score: sum(cases, 'score'),
    maxScore: sum(cases, 'maxScore'),
    passed: cases.filter((c) => c.status === 'pass').length,
    total: cases.length,
    stages,
    ...(firstFailingStage ? { firstFailingStage } : {}),
    ...problemsOf(report.stages),
    cases,
  };
}

// The row of a submission the grader could not grade at all: every case it would have run, not run, and 0 points.
export function ungradedRow(submission: string, problem: string, stages: Stage[], cases: Case[]): GradebookRow {
  const notRun = (stage: Stage): StageResult => ({ stage, status: 'skip', cases: cases.filter((c) => c.stage === stage.slug).map((c) => ({ case: c, verdict: { status: 'skip', reason: 'not graded' }, durationMs: 0 })) });
  const report: Report = { summary: { passed: 0, failed: 0, skipped: cases.length, total: cases.length, durationMs: 0 }, stages: stages.map(notRun) };
  return { ...gradebookRow(submission, report), problem };
}

// A CSV cell; text that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with '.
function csvField(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// A stage cell as every gradebook view shows it: points earned / points possible.
export function stageCell(stage: GradebookStage | undefined): string {
  return stage ? `${formatPoints(stage.score)}/${formatPoints(stage.maxScore)}` : '';
}

// The gradebook as CSV: one row per submission, a "points/max" column per stage (the unit of the score).
export function gradebookCsv(book: Gradebook): string {
  const header = ['submission', 'score', 'max_score', 'passed', 'total', ...book.stages, 'problem'];
  const rows = book.submissions.map((r) => [r.submission, formatPoints(r.score), formatPoints(r.maxScore), r.passed, r.total, ...book.stages.map((s) => stageCell(r.stages[s])), r.problem ?? '']);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
