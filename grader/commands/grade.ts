import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadCourse } from '../course-loader.ts';
import { assertProgramExists, runTests } from '../app.ts';
import { GraderError } from '../grader-error.ts';
import { type Gradebook, gradebookCsv, gradebookRow, ungradedRow } from '../core/gradebook.ts';
import { type CommonArgs, contentRootOf, flagProblems, selectionOf } from './options.ts';
import { testOptionsOf } from './test.ts';

/** Flags of `grade`. */
export type GradeArgs = CommonArgs & { submissions: string[]; out: string };

// `dispatch-lab grade DIR…`: grade every submission through every stage and write <out>.json and <out>.csv.
export async function gradeCommand(args: GradeArgs): Promise<number> {
  const flags = flagProblems(args);
  if (flags.length > 0) throw new GraderError(flags);
  const course = await loadCourse(contentRootOf(args));
  const selection = { ...selectionOf(args), all: true };
  const chosen = course.cases.filter((c) => selection.stages.length === 0 || selection.stages.includes(c.stage));
  const stages = course.stages.filter((s) => selection.stages.length === 0 || selection.stages.includes(s.slug));
  const book: Gradebook = { stages: stages.map((s) => s.slug), submissions: [] };
  for (const submission of args.submissions) {
    const dir = resolve(submission);
    try {
      await assertProgramExists(dir);
    } catch (error) {
      if (!(error instanceof GraderError)) throw error;
      book.submissions.push(ungradedRow(submission, error.problems[0] ?? 'not gradable', stages, chosen));
      continue;
    }
    const { report } = await runTests({ ...testOptionsOf(args, course, []), courseDir: dir, selection });
    book.submissions.push(gradebookRow(submission, report));
  }
  const out = resolve(args.out);
  await writeFile(`${out}.json`, `${JSON.stringify(book, null, 2)}\n`);
  await writeFile(`${out}.csv`, gradebookCsv(book));
  for (const row of book.submissions) {
    process.stdout.write(`${row.submission}: ${row.score}/${row.maxScore} points, ${row.passed}/${row.total} cases${row.problem ? ` (${row.problem})` : ''}\n`);
  }
  process.stdout.write(`gradebook: ${out}.json, ${out}.csv\n`);
  return book.submissions.every((r) => r.passed === r.total && !r.problem) ? 0 : 1;
}
