// The effects of `dispatch-lab check`: running a row's own command as a child of the same CLI, and grading the course's
// mutants (mutants/io/mutants.ts).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { GraderError } from '../../run/grader-error.ts';
import { mutantCountProblems, mutantProblem } from '../../mutants/core/mutants.ts';
import { problemsVerdict, type CheckRow, type CheckStage, type RowVerdict } from '../core/check-rows.ts';
import { gradeMutant, listMutants, mutantEntry } from '../../mutants/io/mutants.ts';
import { packageRoot } from './package-root.ts';
import { loadCourse } from '../../run/course-loader.ts';
import { recordKnownMistakes } from '../../known/io/record-known.ts';

/** What one child command printed (stdout and stderr, in that order) and how it ended. */
export type ChildRun = { exitCode: number; output: string };

// Run `dispatch-lab <args>` as a child of this CLI, colours off, and wait for it.
export function runCliChild(args: readonly string[]): Promise<ChildRun> {
  return new Promise((done) => {
    execFile(process.execPath, [join(packageRoot(), 'bin/dispatch-lab.js'), ...args], { env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : 2;
      done({ exitCode, output: `${stdout}${stderr}` });
    });
  });
}

/** Where the mutants row looks: the course content, the reference's course folder, the mutants folder. */
export type MutantPlaces = { contentRoot: string; referenceDir: string; mutantsDir: string };

// The known-mistakes row: the library's table of each selected stage was recorded from today's content (record --check's hash comparison, in this process).
export async function knownVerdict(row: CheckRow, stages: readonly CheckStage[], places: MutantPlaces): Promise<RowVerdict> {
  let course;
  try {
    course = await loadCourse(places.contentRoot);
  } catch (error) {
    if (error instanceof GraderError) return problemsVerdict(row, error.problems, '');
    throw error;
  }
  const selected = course.stages.filter((s) => stages.some((c) => c.slug === s.slug));
  const known = await recordKnownMistakes(course, selected, places, true);
  if (!known) return problemsVerdict(row, [], `no mutants folder (${places.mutantsDir}): nothing to record`);
  const problems = [...known.problems, ...known.stale.map(({ slug, why }) => `stage ${slug}: ${why}; refresh it with: npx dispatch-lab record --stage ${slug}`)];
  return problemsVerdict(row, problems, `${known.fresh} stages fresh`);
}

// The mutants row: the selected stages each have enough mutants (the folders name stages), and each mutant fails on
// its stage at a case its header names. `progress` hears of each mutant as it is graded.
export async function mutantsVerdict(row: CheckRow, stages: readonly CheckStage[], allStages: readonly CheckStage[], places: MutantPlaces, progress: (line: string) => void = () => {}): Promise<RowVerdict> {
  let byStage;
  try {
    byStage = listMutants(places.mutantsDir);
  } catch (error) {
    if (error instanceof GraderError) return problemsVerdict(row, error.problems, '');
    throw error;
  }
  // Folders of the selected stages, and folders no stage of the manifest owns (misnamed).
  const counts = new Map([...byStage].filter(([slug]) => stages.some((s) => s.slug === slug) || !allStages.some((s) => s.slug === slug)).map(([slug, mutants]) => [slug, mutants.length]));
  const problems = mutantCountProblems(stages, counts, places.mutantsDir);
  let graded = 0;
  for (const stage of stages) {
    const setting = { contentRoot: places.contentRoot, referenceDir: places.referenceDir, entry: mutantEntry(places.mutantsDir, places.referenceDir, stage.command) };
    for (const mutant of byStage.get(stage.slug) ?? []) {
      progress(`mutant ${stage.slug}/${mutant.name}`);
      try {
        const problem = mutantProblem(mutant, await gradeMutant(mutant, setting));
        if (problem) problems.push(problem);
      } catch (error) {
        if (!(error instanceof GraderError)) throw error;
        problems.push(...error.problems);
      }
      graded++;
    }
  }
  return problemsVerdict(row, problems, `${graded} mutants over ${stages.length} stages, each caught by a case its header names`);
}
