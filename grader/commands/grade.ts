import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadCourse } from '../course-loader.ts';
import { assertProgramExists, planOrThrow, runTests } from '../app.ts';
import { GraderError } from '../grader-error.ts';
import { type Gradebook, gradebookCsv, gradebookRow, ungradedRow } from '../core/gradebook.ts';
import { safeText } from '../core/safe-text.ts';
import { STOP_SIGNALS, watchStopSignals } from '../io/stop-signals.ts';
import { type CommonArgs, contentRootOf, flagProblems, selectionOf } from './options.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';
import { testOptionsOf } from './test.ts';

/** Flags of `grade`. */
export type GradeArgs = CommonArgs & { submissions: string[]; out: string };

// Write a file so that a reader sees the old content or the new, never half of it.
async function writeAtomically(path: string, text: string): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, path);
}

// `dispatch-lab grade DIR…`: grade every submission through every stage and write <out>.json and <out>.csv.
// Ctrl-C, SIGTERM or SIGHUP stop it: the running cases are killed and the gradebook is written with the submissions
// graded so far, marked incomplete; the rest are listed as not graded. Exit 128 + signal then.
export async function gradeCommand(args: GradeArgs): Promise<number> {
  const flags = flagProblems(args);
  if (flags.length > 0) throw new GraderError(flags);
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const selection = { ...selectionOf(args), all: true };
  // The cases a submission is graded on (--stage, --case, --shard): an ungraded one scores 0 of these.
  const planned = planOrThrow(course, selection).stages;
  const chosen = planned.flatMap((s) => s.cases);
  const stages = planned.map((s) => s.stage);
  const sandbox = await sandboxOptionsOf(args, contentRoot, args.submissions.map((s) => resolve(s)));
  const book: Gradebook = { stages: stages.map((s) => s.slug), submissions: [], complete: true };
  const stop = watchStopSignals();
  try {
    for (const submission of args.submissions) {
      const stoppedBy = stop.stoppedBy();
      if (stoppedBy) {
        book.submissions.push(ungradedRow(submission, `not graded: the grader was stopped (${stoppedBy})`, stages, chosen));
        continue;
      }
      const dir = resolve(submission);
      try {
        await assertProgramExists(dir);
      } catch (error) {
        if (!(error instanceof GraderError)) throw error;
        book.submissions.push(ungradedRow(submission, error.problems[0] ?? 'not gradable', stages, chosen));
        continue;
      }
      const { report, cancelled } = await runTests({ ...testOptionsOf(args, course, []), ...sandbox, courseDir: dir, selection, signal: stop.signal });
      // A submission stopped half way gets no partial score: it is listed as not graded.
      if (cancelled || stop.stoppedBy()) book.submissions.push(ungradedRow(submission, `not graded: the grader was stopped (${stop.stoppedBy() ?? 'SIGINT'}) while grading it`, stages, chosen));
      else book.submissions.push(gradebookRow(submission, report));
    }
    const stoppedBy = stop.stoppedBy();
    if (stoppedBy) {
      book.complete = false;
      book.incomplete = `stopped by ${stoppedBy}: ${book.submissions.filter((r) => !r.problem?.startsWith('not graded:')).length} of ${args.submissions.length} submissions graded`;
    }
    const out = resolve(args.out);
    await writeAtomically(`${out}.json`, `${JSON.stringify(book, null, 2)}\n`);
    await writeAtomically(`${out}.csv`, gradebookCsv(book));
    for (const row of book.submissions) {
      process.stdout.write(`${safeText(row.submission)}: ${row.score}/${row.maxScore} points, ${row.passed}/${row.total} cases${row.problem ? ` (${row.problem})` : ''}\n`);
    }
    process.stdout.write(`gradebook${book.complete ? '' : ` (incomplete: ${book.incomplete})`}: ${out}.json, ${out}.csv\n`);
    if (stoppedBy) return STOP_SIGNALS[stoppedBy];
    return book.submissions.every((r) => r.passed === r.total && !r.problem) ? 0 : 1;
  } finally {
    stop.dispose();
  }
}
