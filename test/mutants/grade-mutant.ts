import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../e2e/cli.ts';
import { privateFolder } from '../e2e/scenario.ts';
import { mutantCourse } from './build-mutant.ts';
import type { Mutant } from './mutant-file.ts';

/** How the grader judged a mutant on its stage. */
export type MutantGrade = {
  /** The CLI's exit code: 1 when a case failed. */
  exitCode: number;
  /** Case file names (without `.json`) that did not pass. */
  failed: string[];
  /** How many cases were graded. */
  total: number;
  /** The CLI's output, for the failure message. */
  output: string;
};

type Report = { stages: { slug: string; cases: { file: string; status: string }[] }[] };

// Grades a mutant through the real CLI on its stage only, as a student's submission would be.
export async function gradeMutant(mutant: Mutant): Promise<MutantGrade> {
  const course = await mutantCourse(mutant);
  const folder = await privateFolder();
  try {
    const args = ['test', '--dir', course.dir, '--stage', mutant.stage, '--jobs', '2', '--reporter', 'json', '--output-file', `json=${folder.report}`];
    const run = await runCli(args, { env: { TMPDIR: folder.tmp }, timeoutMs: 300_000 });
    const report = JSON.parse(await readFile(folder.report, 'utf8').catch(() => '{"stages": []}')) as Report;
    const cases = report.stages.filter((s) => s.slug === mutant.stage).flatMap((s) => s.cases);
    const failed = cases.filter((c) => c.status !== 'pass').map((c) => c.file.replace(/^.*\//, '').replace(/\.json$/, ''));
    return { exitCode: run.exitCode, failed, total: cases.length, output: `${run.stdout}${run.stderr}` };
  } finally {
    await folder.dispose();
    await course.dispose();
  }
}

// Where the mutants live.
export const MUTANTS_DIR = join(import.meta.dirname, '.');
