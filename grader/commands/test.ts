import { resolve } from 'node:path';
import type { Course } from '../course/core/course.ts';
import { loadCourse } from '../run/course-loader.ts';
import { assertProgramExists, planOrThrow, runTests } from '../run/app.ts';
import { GraderError } from '../run/grader-error.ts';
import { caseCountsOf, passedCasesOf, readStageStatus, saveStageStatus, type StageStatusFile } from '../run/io/stage-status.ts';
import { newCasesNotes } from '../course/core/new-since-pass.ts';
import type { Report } from '../course/core/types.ts';
import { STOP_SIGNALS, watchStopSignals } from '../run/io/stop-signals.ts';
import { shouldColor, stdoutLiveLine } from '../text/io/terminal.ts';
import { liveProgress } from '../text/io/live-progress.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';
import { type CommonArgs, contentRootOf, flagProblems, openReporters, problemsOf, selectionOf } from './options.ts';
import { testOptionsOf, type TestArgs } from './test-args.ts';

export { testOptionsOf, type TestArgs } from './test-args.ts';

// The checked course, or a GraderError listing every problem with the course, the flags, the selection and program.ts at once.
async function checkedCourse(args: CommonArgs): Promise<Course> {
  const problems: string[] = [];
  let course: Course | undefined;
  try {
    course = await loadCourse(contentRootOf(args), args.cases);
  } catch (error) {
    if (!(error instanceof GraderError)) throw error;
    problems.push(...error.problems);
  }
  const flags = flagProblems(args);
  problems.push(...flags);
  // With a bad --shard the selection is checked without it, so an unknown --stage is still named in the same list.
  const selection = flags.length === 0 ? selectionOf(args) : { stages: args.stage, all: args.all, ...(args.case ? { casePattern: args.case } : {}) };
  if (course) problems.push(...problemsOf(() => planOrThrow(course, selection)));
  try {
    await assertProgramExists(resolve(args.dir));
  } catch (error) {
    if (!(error instanceof GraderError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length > 0 || !course) throw new GraderError(problems);
  return course;
}

// `dispatch-lab test`: grade the course directory once; the exit code says whether everything passed.
export async function testCommand(args: TestArgs): Promise<number> {
  if (args.watch) {
    const { watchCommand } = await import('./watch.ts');
    return watchCommand(args);
  }
  const course = await checkedCourse(args);
  const sandbox = await sandboxOptionsOf(args, contentRootOf(args), [resolve(args.dir)]);
  const opened = openReporters(args);
  const { sinks } = opened;
  // In a terminal, a live progress line (cases done/total, elapsed) under the results, out of band of the reporters.
  const line = stdoutLiveLine();
  const progress = line ? liveProgress(line, shouldColor(args.color)) : undefined;
  const reporters = progress ? [progress, ...opened.reporters] : opened.reporters;
  // The stage the student is on runs first (its verdict is on screen soonest), the earlier ones after it.
  const options = { ...testOptionsOf(args, course, reporters), ...sandbox, currentFirst: true };
  // Ctrl-C (or a CI cancel) stops the run: running programs are killed, temp dirs removed, then the grader exits 128 + signal.
  const stop = watchStopSignals();
  let notes: string[] = [];
  try {
    // Read before the run: a failing case the student's last pass of its stage did not have is new, and shown last.
    const before = await readStageStatus(options.courseDir);
    const { report, cancelled } = await runTests({ ...options, passedBefore: passedCasesOf(before), signal: stop.signal });
    const stoppedBy = stop.stoppedBy();
    if (cancelled || stoppedBy !== undefined) return STOP_SIGNALS[stoppedBy ?? 'SIGINT'];
    await saveStageStatus(options.courseDir, report, caseCountsOf(course.cases));
    notes = newCasesLines(before, course, report);
    return report.stages.some((s) => s.status === 'fail') ? 1 : 0;
  } finally {
    progress?.stop();
    stop.dispose();
    for (const sink of sinks) sink.close();
    // On stderr, after the reporters: stdout may be a json or junit document.
    for (const note of notes) process.stderr.write(`${note}\n`);
  }
}

// One line per failed stage of the run that the student passed before (`before`: the status file as the run found it)
// and that now fails only on cases added since.
function newCasesLines(before: StageStatusFile, course: Course, report: Report): string[] {
  const failed = report.stages.filter((s) => s.status === 'fail');
  const memories = Object.fromEntries(
    failed.map((s) => [s.stage.slug, { passedCases: before.stages[s.stage.slug]?.passedCases, failedCases: s.cases.filter((c) => c.verdict.status !== 'pass').map((c) => c.case.file) }]),
  );
  const names = new Map(course.cases.map((c) => [c.file, c.name]));
  const notes = newCasesNotes(memories, Object.keys(memories), (file) => names.get(file) ?? file);
  return [...notes].map(([slug, note]) => `${slug}: ${note}`);
}
