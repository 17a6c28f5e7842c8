import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { loadCourse } from '../run/course-loader.ts';
import { assertProgramExists, planOrThrow, runTests } from '../run/app.ts';
import type { Course } from '../course/core/course.ts';
import type { Case, Stage } from '../course/core/types.ts';
import type { Selection } from '../run/core/plan.ts';
import { GraderError } from '../run/grader-error.ts';
import { type Gradebook, type GradebookRow, gradebookRow, reportFailures, ungradedRow } from '../gradebook/core/gradebook.ts';
import { failuresCsv, gradebookCsv } from '../gradebook/core/gradebook-csv.ts';
import type { CaseFailure } from '../gradebook/core/gradebook-failures.ts';
import { classSummary } from '../gradebook/core/gradebook-summary.ts';
import { throughputLine } from '../gradebook/core/grade-progress.ts';
import { gradebookHtml } from '../gradebook/core/gradebook-html.ts';
import { safeJson, safeText } from '../text/core/safe-text.ts';
import { shardOutName, shareOf, type Shard } from '../gradebook/core/submission-share.ts';
import { reportNames } from '../report/core/report-paths.ts';
import { STOP_SIGNALS, watchStopSignals, type StopSignals } from '../run/io/stop-signals.ts';
import { gradeProgressOutput } from '../gradebook/io/grade-progress-output.ts';
import { openSubmissionReporters, reportTargetProblems, type ReporterTargets } from '../gradebook/io/submission-reporters.ts';
import { shouldColor } from '../text/io/terminal.ts';
import { type CommonArgs, contentRootOf, flagProblems, parseShard, reporterNames, selectionOf } from './options.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';
import { testOptionsOf } from './test-args.ts';
import { findSimilar, type SimilarFound } from '../similarity/find-similar.ts';
import { similarCsv } from '../gradebook/core/gradebook-similar-csv.ts';

/** Flags of `grade`. */
export type GradeArgs = CommonArgs & {
  submissions: string[];
  out: string;
  /** --similarity: compare the submissions' own code and report the pairs that share much of it. */
  similarity?: boolean;
  /** --similarity-threshold F: the score (0 to 1) from which a pair is reported. */
  'similarity-threshold'?: number;
};

/** The score from which a pair is reported when --similarity-threshold is not given. */
export const SIMILARITY_THRESHOLD = 0.5;

/** What grading one submission needs besides the submission itself. */
type GradeRun = {
  args: GradeArgs;
  course: Course;
  selection: Selection;
  stages: Stage[];
  /** The cases a submission is graded on (--stage, --case): an ungraded one scores 0 of these. */
  chosen: Case[];
  sandbox: Awaited<ReturnType<typeof sandboxOptionsOf>>;
  targets: ReporterTargets;
  stop: StopSignals;
};

// Write a file so that a reader sees the old content or the new, never half of it.
async function writeAtomically(path: string, text: string): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, path);
}

/** One submission graded: its row, every case it failed (for the class summary and the failures CSV), and the cases run. */
type Graded = { row: GradebookRow; failures: CaseFailure[]; casesRun: number };

// An ungraded submission as graded: its row, no failures, nothing run.
const ungraded = (row: GradebookRow): Graded => ({ row, failures: [], casesRun: 0 });

// Grade one submission into its gradebook row, running the per-submission reporters; a submission that cannot be graded
// (no program.ts) or that the grader was stopped in the middle of gets an ungraded row.
async function gradeSubmission(run: GradeRun, submission: string, reportName: string): Promise<Graded> {
  const { args, stages, chosen, stop } = run;
  const dir = resolve(submission);
  try {
    await assertProgramExists(dir);
  } catch (error) {
    if (!(error instanceof GraderError)) throw error;
    return ungraded(ungradedRow(submission, error.problems[0] ?? 'not gradable', stages, chosen));
  }
  const opened = openSubmissionReporters(run.targets, reportName, `── ${safeText(submission)} ──`, shouldColor(args.color));
  try {
    const options = { ...testOptionsOf(args, run.course, opened.reporters), ...run.sandbox, courseDir: dir, selection: run.selection, signal: stop.signal };
    const { report, cancelled } = await runTests(options);
    // A submission stopped half way gets no partial score: it is listed as not graded.
    if (cancelled || stop.stoppedBy()) return ungraded(ungradedRow(submission, `not graded: the grader was stopped (${stop.stoppedBy() ?? 'SIGINT'}) while grading it`, stages, chosen));
    const casesRun = report.stages.reduce((sum, s) => sum + s.cases.filter((c) => c.verdict.status !== 'skip').length, 0);
    return { row: gradebookRow(submission, report), failures: reportFailures(report), casesRun };
  } finally {
    for (const sink of opened.sinks) sink.close();
  }
}

// A duration in seconds with 2 decimals: the similarity check's figures are short.
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

// The line that says what the similarity check found and how long it took.
function similarLine({ similarity, readMs, compareMs }: SimilarFound): string {
  const { pairs, clusters } = similarity;
  const found = `${pairs.length} pair${pairs.length === 1 ? '' : 's'} at or above ${similarity.threshold}, ${clusters.length} cluster${clusters.length === 1 ? '' : 's'}`;
  return `similarity: ${similarity.submissions} submissions compared in ${seconds(compareMs)} (code read in ${seconds(readMs)}): ${found}`;
}

// Every problem with grade's flags at once (the common ones, then the per-submission report paths).
function gradeFlagProblems(args: GradeArgs): string[] {
  const problems = flagProblems(args);
  if (problems.length > 0) return problems;
  const threshold = args['similarity-threshold'];
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) return [`--similarity-threshold ${String(threshold)}: give a fraction from 0 to 1, such as 0.5 (a pair is reported from that score up)`];
  if (threshold !== undefined && !args.similarity) return ['--similarity-threshold is used only with --similarity: add --similarity, or leave the threshold out'];
  return reportTargetProblems(reporterNames(args));
}

// `dispatch-lab grade DIR…`: grade every submission through every stage and write <out>.json, <out>.csv and <out>.html.
// With --shard I/N it grades the I-th share of the submissions (sorted) into <out>-I.*. Progress shows as it goes.
// Ctrl-C, SIGTERM or SIGHUP stop it: the running cases are killed and the gradebook is written with the submissions
// graded so far, marked incomplete; the rest are listed as not graded. Exit 128 + signal then.
export async function gradeCommand(args: GradeArgs): Promise<number> {
  const problems = gradeFlagProblems(args);
  if (problems.length > 0) throw new GraderError(problems);
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot, args.cases ?? []);
  // --shard splits the submissions, never a submission's cases: every submission is graded on the same cases.
  const shard: Shard | undefined = parseShard(args.shard);
  const selection = { ...selectionOf({ ...args, shard: undefined }), all: true };
  const planned = planOrThrow(course, selection).stages;
  const submissions = shareOf(args.submissions, shard);
  const targets = reporterNames(args);
  // Listening before the isolation is probed: a stop signal is answered from here on, not by the default (no gradebook).
  const stop = watchStopSignals();
  const run: GradeRun = {
    args,
    course,
    selection,
    stages: planned.map((s) => s.stage),
    chosen: planned.flatMap((s) => s.cases),
    sandbox: await sandboxOptionsOf(args, contentRoot, args.submissions.map((s) => resolve(s))).catch((error: unknown) => {
      stop.dispose();
      throw error;
    }),
    targets,
    stop,
  };
  const gradedAt = new Date();
  const started = performance.now();
  const graded: Graded[] = [];
  const names = reportNames(submissions.map((s) => resolve(s)));
  const printsReports = targets.names.some((n) => !targets.files.has(n));
  const progress = gradeProgressOutput(process.stdout, submissions.length, process.stdout.isTTY === true && !printsReports);
  try {
    for (const [i, submission] of submissions.entries()) {
      const stoppedBy = run.stop.stoppedBy();
      if (stoppedBy) {
        graded.push(ungraded(ungradedRow(submission, `not graded: the grader was stopped (${stoppedBy})`, run.stages, run.chosen)));
        continue;
      }
      const one = await gradeSubmission(run, submission, names[i] ?? 'submission');
      graded.push(one);
      const { row } = one;
      if (!run.stop.stoppedBy()) progress.finished({ name: safeText(submission), score: row.score, maxScore: row.maxScore, passed: row.passed, cases: row.total, ...(row.problem ? { problem: row.problem } : {}) });
    }
    progress.end();
    const durationMs = performance.now() - started;
    const stages = run.stages.map((s) => s.slug);
    const rows = graded.map((g) => g.row);
    const book: Gradebook = {
      gradedAt: gradedAt.toISOString(),
      durationMs: Math.round(durationMs),
      stages,
      summary: classSummary(rows, stages, graded.map((g) => g.failures)),
      submissions: rows,
      complete: true,
      ...(shard ? { shard } : {}),
    };
    const stoppedBy = run.stop.stoppedBy();
    if (stoppedBy) {
      book.complete = false;
      book.incomplete = `stopped by ${stoppedBy}: ${book.submissions.filter((r) => !r.problem?.startsWith('not graded:')).length} of ${submissions.length} submissions graded`;
    }
    const out = resolve(shardOutName(args.out, shard));
    // Every submission given is compared, in each shard too: copying crosses the shares, and the check takes seconds.
    const similar: SimilarFound | undefined = args.similarity && !stoppedBy ? await findSimilar(args.submissions, args['similarity-threshold'] ?? SIMILARITY_THRESHOLD) : undefined;
    if (similar) book.similarity = similar.similarity;
    await mkdir(dirname(out), { recursive: true });
    await writeAtomically(`${out}.json`, `${safeJson(book, 2)}\n`);
    await writeAtomically(`${out}.csv`, gradebookCsv(book));
    await writeAtomically(`${out}-failures.csv`, failuresCsv(graded.map((g) => ({ submission: g.row.submission, failures: g.failures }))));
    if (similar) await writeAtomically(`${out}-similar.csv`, similarCsv(similar.similarity));
    const links = { json: `${basename(out)}.json`, csv: `${basename(out)}.csv`, failuresCsv: `${basename(out)}-failures.csv`, ...(similar ? { similarCsv: `${basename(out)}-similar.csv` } : {}) };
    await writeAtomically(`${out}.html`, gradebookHtml(book, links, undefined, similar?.views ?? []));
    const casesRun = graded.reduce((sum, g) => sum + g.casesRun, 0);
    process.stdout.write(`${throughputLine({ submissions: graded.filter((g) => g.casesRun > 0).length, cases: casesRun, elapsedMs: durationMs })}\n`);
    const share = shard ? ` (shard ${shard.index}/${shard.count}: ${submissions.length} of ${args.submissions.length} submissions)` : '';
    if (similar) process.stdout.write(`${similarLine(similar)}\n`);
    process.stdout.write(`gradebook${share}${book.complete ? '' : ` (incomplete: ${book.incomplete})`}: ${out}.json, ${out}.csv, ${out}-failures.csv${similar ? `, ${out}-similar.csv` : ''}, ${out}.html\n`);
    if (stoppedBy) return STOP_SIGNALS[stoppedBy];
    return rows.every((r) => r.passed === r.total && !r.problem) ? 0 : 1;
  } finally {
    progress.end();
    run.stop.dispose();
  }
}
