import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Case, CaseResult, Report, Stage, StageResult, Verdict } from './core/types.ts';
import type { Course } from './core/course.ts';
import { plan, type Plan, type PlannedStage, type Selection } from './core/plan.ts';
import { judge } from './core/judge.ts';
import { stageStatus, summarize } from './core/summarize.ts';
import { stdinOf } from './core/reproduce.ts';
import { runInOrder } from './core/run-pool.ts';
import type { Reporter } from './reporters/reporter.ts';
import { createProgramBuilder, type ProgramBuilder } from './io/build-program.ts';
import { runCase } from './io/run-case.ts';
import { GraderError } from './grader-error.ts';

/** Everything one graded run needs. */
export type TestOptions = {
  course: Course;
  /** The student's course directory (holds program.ts). */
  courseDir: string;
  selection: Selection;
  jobs: number;
  /** --timeout: overrides every case's timeout. */
  timeoutMs?: number;
  defaultTimeoutMs: number;
  outputLimitBytes: number;
  bail: boolean;
  keep: boolean;
  reporters: Reporter[];
  /** Aborts the run: running cases are killed, the rest are not started. */
  signal?: AbortSignal;
  /** Reuse a builder across runs (watch mode); otherwise one is made and disposed. */
  builder?: ProgramBuilder;
  /** Told each kept temp dir (--keep). */
  onKeptDir?: (path: string) => void;
};

export type TestOutcome = { report: Report; cancelled: boolean };

// The plan for a selection, or a GraderError naming every problem with it.
export function planOrThrow(course: Course, selection: Selection): Plan {
  const result = plan(course.stages, course.cases, selection);
  if (!result.ok) throw new GraderError(result.problems);
  return result.plan;
}

// Fails with a GraderError when the course directory has no program.ts.
export async function assertProgramExists(courseDir: string): Promise<void> {
  try {
    await access(join(courseDir, 'program.ts'));
  } catch {
    throw new GraderError([`no program.ts in ${courseDir}`, 'start a course directory with: npx dispatch-lab init <dir>   (or pass --dir <your course directory>)']);
  }
}

function emit(reporters: Reporter[], call: (r: Reporter) => void): void {
  for (const r of reporters) call(r);
}

function skipped(cases: Case[], reason: string): CaseResult[] {
  return cases.map((c) => ({ case: c, verdict: { status: 'skip', reason }, durationMs: 0 }));
}

// Grade the planned stages of a course directory: build once, run every case, judge, report.
export async function runTests(options: TestOptions): Promise<TestOutcome> {
  const started = performance.now();
  const thePlan = planOrThrow(options.course, options.selection);
  await assertProgramExists(options.courseDir);
  const { reporters } = options;
  emit(reporters, (r) => r.onRunStart?.(thePlan));
  const builder = options.builder ?? (await createProgramBuilder(options.courseDir, randomUUID()));
  const results: StageResult[] = [];
  let cancelled = false;
  try {
    const build = await builder.build();
    let blocker: string | undefined;
    for (const planned of thePlan.stages) {
      let result: StageResult;
      if (blocker !== undefined) {
        result = { stage: planned.stage, status: 'skip', cases: skipped(planned.cases, blocker) };
      } else if (!build.ok) {
        const verdict: Verdict = { status: 'error', message: 'program.ts did not build' };
        result = { stage: planned.stage, status: 'fail', problem: build.errors.join('\n'), cases: planned.cases.map((c) => ({ case: c, verdict, durationMs: 0 })) };
      } else {
        result = await runStage(planned, build.bundlePath, options);
      }
      if (options.signal?.aborted) {
        cancelled = true;
        break;
      }
      results.push(result);
      emit(reporters, (r) => r.onStageEnd?.(result));
      if (blocker === undefined && result.status === 'fail' && (thePlan.mode === 'progressive' || !build.ok || options.bail)) {
        blocker = !build.ok ? 'program.ts did not build' : options.bail ? '--bail: stopped at the first failure' : `an earlier stage fails: finish ${planned.stage.slug} first`;
      }
    }
  } finally {
    if (!options.builder) await builder.dispose();
  }
  const report: Report = { summary: summarize(results, Math.round(performance.now() - started)), stages: results };
  const next = nextStage(thePlan, results);
  if (next) report.next = next;
  if (!cancelled) emit(reporters, (r) => r.onRunEnd?.(report));
  return { report, cancelled };
}

async function runStage(planned: PlannedStage, bundlePath: string, options: TestOptions): Promise<StageResult> {
  const { stage, cases } = planned;
  emit(options.reporters, (r) => r.onStageStart?.(planned));
  let bailed = false;
  const results = await runInOrder(
    cases,
    options.jobs,
    (c) => gradeCase(c, stage, bundlePath, options),
    (result) => {
      if (result.verdict.status !== 'pass') bailed = options.bail;
      emit(options.reporters, (r) => r.onCaseEnd?.(result, stage));
    },
    () => !bailed && !options.signal?.aborted,
  );
  const all = results.map((r, i) => r ?? { case: cases[i] as Case, verdict: { status: 'skip', reason: '--bail: stopped at the first failure' } as Verdict, durationMs: 0 });
  return { stage, status: stageStatus(all), cases: all };
}

async function gradeCase(c: Case, stage: Stage, bundlePath: string, options: TestOptions): Promise<CaseResult> {
  const timeoutMs = options.timeoutMs ?? c.timeoutMs ?? options.defaultTimeoutMs;
  try {
    const run = await runCase({
      bundlePath,
      command: stage.command,
      courseDir: options.courseDir,
      stdin: stdinOf(c),
      timeoutMs,
      outputLimitBytes: options.outputLimitBytes,
      keepTempDir: options.keep,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keep && options.onKeptDir ? { onTempDir: options.onKeptDir } : {}),
    });
    return { case: c, verdict: judge(c, run, timeoutMs), run, durationMs: run.durationMs };
  } catch (error) {
    return { case: c, verdict: { status: 'error', message: `the grader could not run the program: ${(error as Error).message}` }, durationMs: 0 };
  }
}

// In progressive mode, the first stage that does not pass yet.
function nextStage(thePlan: Plan, results: StageResult[]): Stage | undefined {
  if (thePlan.mode !== 'progressive') return undefined;
  return results.find((r) => r.status !== 'pass')?.stage;
}
