import type { Case, Report, Stage, StageResult } from '../../course/core/types.ts';
import { safeText } from '../../text/core/safe-text.ts';
import { caseScore, sumScores } from '../../course/core/points.ts';
import { caseFailure, failureGroups, type CaseFailure, type GradebookFailure } from './gradebook-failures.ts';
import { runProblem } from './gradebook-problem.ts';
import type { ClassSummary } from './class-summary.ts';
import type { Similarity } from '../../similarity/core/similarity.ts';

/** How much of a stage a submission passed: every case, some, none, or none of it ran (not graded, stopped). */
export type StageMark = 'all' | 'some' | 'none' | 'not-run';

/** One stage of a gradebook row. `score`/`maxScore` are points, the unit of the row's score. */
export type GradebookStage = { score: number; maxScore: number; passed: number; total: number; mark: StageMark };

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
  /** Why it lost points: its failed cases, grouped where they failed alike, per stage in course order (gradebook/core/gradebook-failures.ts). */
  failures: GradebookFailure[];
  /** Failed cases of groups left out by the bound on groups per stage. */
  omittedFailures?: number;
};

/** The gradebook document written as JSON. */
export type Gradebook = {
  /** When grading started (ISO 8601, UTC) and how long it took. */
  gradedAt: string;
  durationMs: number;
  stages: string[];
  /** The class at a glance (gradebook/core/gradebook-summary.ts). */
  summary: ClassSummary;
  submissions: GradebookRow[];
  /** False when the run was stopped before every submission was graded (Ctrl-C, SIGTERM): the rows say which were not. */
  complete: boolean;
  /** Why the gradebook is incomplete. */
  incomplete?: string;
  /** Set with --shard: this gradebook holds the I-th of N shares of the submissions. */
  shard?: { index: number; count: number };
  /** Set with --similarity: the pairs of submissions that share much of their own code, and their clusters. */
  similarity?: Similarity;
};

const DETAIL_LINES = 40;

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

// The row's problem and its detail from the stages that could not run (the same problem once, however many stages had
// it), then what went wrong while cases ran (timeouts, crashes, limits).
function problemsOf(report: Report): Pick<GradebookRow, 'problem' | 'problemDetail'> {
  const withProblem = report.stages.filter((s): s is StageResult & { problem: string } => s.problem !== undefined);
  const lines = [...new Set(withProblem.map((s) => safeText(problemLine(s))))];
  const details = [...new Set(withProblem.map((s) => s.problem.trimEnd()).filter((p) => p.includes('\n')))];
  const during = withProblem.length === 0 ? runProblem(report.stages.flatMap((s) => s.cases.map((c) => c.verdict))) : undefined;
  if (during) lines.push(during);
  if (lines.length === 0) return {};
  const detail = details.map((d) => safeText(d.split('\n').slice(0, DETAIL_LINES).join('\n'))).join('\n\n');
  return { problem: lines.join('; '), ...(detail ? { problemDetail: detail } : {}) };
}

// Every case of a report that did not pass and was run, with why, in course order.
export function reportFailures(report: Report): CaseFailure[] {
  return report.stages.flatMap((s) => s.cases.flatMap((c) => caseFailure(c, s.stage) ?? []));
}

// A submission's gradebook row from its report.
export function gradebookRow(submission: string, report: Report): GradebookRow {
  const results = report.stages.flatMap((s) => s.cases);
  const scores = results.map((c) => ({ stage: c.case.stage, pass: c.verdict.status === 'pass', ran: c.verdict.status !== 'skip', ...caseScore(c) }));
  const stages = Object.fromEntries(report.stages.map((s): [string, GradebookStage] => {
    const own = scores.filter((c) => c.stage === s.stage.slug);
    const passed = own.filter((c) => c.pass).length;
    const { score, maxScore } = sumScores(own);
    return [s.stage.slug, { score, maxScore, passed, total: own.length, mark: markOf(passed, own.length, own.some((c) => c.ran)) }];
  }));
  const firstFailingStage = Object.entries(stages).find(([, s]) => s.mark === 'some' || s.mark === 'none')?.[0];
  const { groups, omitted } = failureGroups(reportFailures(report));
  return {
    submission,
    ...sumScores(scores),
    passed: scores.filter((c) => c.pass).length,
    total: scores.length,
    stages,
    ...(firstFailingStage ? { firstFailingStage } : {}),
    ...problemsOf(report),
    failures: groups,
    ...(omitted > 0 ? { omittedFailures: omitted } : {}),
  };
}

// The row of a submission the grader could not grade at all: every case it would have run, not run, and 0 points.
export function ungradedRow(submission: string, problem: string, stages: Stage[], cases: Case[]): GradebookRow {
  const notRun = (stage: Stage): StageResult => ({ stage, status: 'skip', cases: cases.filter((c) => c.stage === stage.slug).map((c) => ({ case: c, verdict: { status: 'skip', reason: 'not graded' }, durationMs: 0 })) });
  const report: Report = { summary: { passed: 0, failed: 0, skipped: cases.length, total: cases.length, durationMs: 0 }, stages: stages.map(notRun) };
  return { ...gradebookRow(submission, report), problem };
}

