import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Case, CaseResult, Report, Stage, StageResult } from '../course/core/types.ts';
import type { Course } from '../course/core/course.ts';
import { currentStageOf, plan, progressiveBlocker, runOrder, type Plan, type PlannedStage, type Selection } from './core/plan.ts';
import { summarize } from '../report/core/summarize.ts';
import { closest } from '../text/core/closest.ts';
import { emit, problemStage, runStage, startProbeFor, type StartProbe } from './grade-stage.ts';
import type { TestOptions } from './test-options.ts';
import { createProgramBuilder } from './io/build-program.ts';
import { GraderError } from './grader-error.ts';
import { readStageStatus } from './io/stage-status.ts';
import { profilerFromEnv } from './io/case-profiler.ts';
import { createSlots, spareSlotsFor } from './core/slots.ts';
import { lendWhileIdle } from './io/idle-lender.ts';
import { heldReporters } from './held-reporters.ts';
import { ownTag } from '../sandbox/io/leftover-sweep.ts';

export type { TestOptions } from './test-options.ts';

export type TestOutcome = { report: Report; cancelled: boolean };

// The plan for a selection, or a GraderError naming every problem with it (a --case that matches nothing included).
export function planOrThrow(course: Course, selection: Selection): Plan {
  const result = plan(course.stages, course.cases, selection);
  if (!result.ok) throw new GraderError(result.problems);
  const pattern = selection.casePattern;
  if (pattern !== undefined && !selection.shard && result.plan.stages.every((s) => s.cases.length === 0)) {
    const names = course.cases.filter((c) => selection.stages.length === 0 || selection.stages.includes(c.stage)).map((c) => c.name);
    const suggestion = closest(pattern, names);
    throw new GraderError([`no case matches --case "${pattern}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; it keeps cases whose name or file contains the text`]);
  }
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

// Every case of a stage that does not run, skipped for one reason.
function skipped(cases: Case[], reason: string): CaseResult[] {
  return cases.map((c) => ({ case: c, verdict: { status: 'skip', reason }, durationMs: 0 }));
}

// Grade the planned stages of a course directory: build once, run every case, judge, report.
export async function runTests(given: TestOptions): Promise<TestOutcome> {
  const started = performance.now();
  const profiler = given.profiler ?? profilerFromEnv();
  const options = profiler ? { ...given, profiler } : given;
  const thePlan = planOrThrow(options.course, options.selection);
  await assertProgramExists(options.courseDir);
  const { reporters } = options;
  emit(reporters, (r) => r.onRunStart?.(thePlan));
  const builder = options.builder ?? (await createProgramBuilder(options.courseDir, `${ownTag()}-${randomUUID()}`, options.isolation ? { isolation: options.isolation, ...(options.limits ? { limits: options.limits } : {}) } : undefined));
  const results: StageResult[] = [];
  let cancelled = false;
  let stopLending = () => {};
  try {
    const build = await builder.build(options.signal);
    profiler?.addBuild(build.durationMs);
    const probe = build.ok ? startProbeFor(build.bundlePath, thePlan, options) : undefined;
    const graded = new Map<string, StageResult>();
    const failed = new Set<string>();
    let blocker: string | undefined;
    const order = await stagesInRunOrder(thePlan, options);
    // Why stage `index` is not run, from the stages graded so far (undefined: it runs).
    const skipReasonOf = (index: number) => blocker ?? (thePlan.mode === 'progressive' ? progressiveBlocker(thePlan, (order[index] as PlannedStage).stage.slug, failed) : undefined);
    // The stages share --jobs slots: a stage with no case left to start lets the next one start in the slots its last
    // cases free (its reports held until its turn), so that no slot idles while a stage ends. With --bail, or once
    // that stage has a failing case in progressive mode, the next one waits for its turn as before. While a processor
    // sits idle (the cases sleep on timers), spare slots are lent beyond --jobs (core/idle-cores.ts).
    const slots = createSlots(options.jobs, spareSlotsFor(options.jobs));
    stopLending = lendWhileIdle(slots);
    // Stages start only when the program built.
    const bundlePath = build.ok ? build.bundlePath : '';
    const ahead = new Map<number, StageRun>();
    const start = (index: number, held: boolean): StageRun => {
      const planned = order[index] as PlannedStage;
      const stop = new AbortController();
      const hold = held ? heldReporters(options.reporters) : undefined;
      const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
      const onAllStarted = (isClean: boolean) => {
        const next = index + 1;
        if (options.bail || next >= order.length || ahead.has(next) || signal.aborted) return;
        if (thePlan.mode === 'progressive' && !isClean) return;
        if (skipReasonOf(next) !== undefined) return;
        ahead.set(next, start(next, true));
      };
      const result = runStage(planned, bundlePath, { ...options, reporters: hold?.reporters ?? options.reporters, signal }, probe as StartProbe, { slots, onAllStarted });
      return { result, stop, release: () => hold?.release() };
    };
    try {
      for (const [index, planned] of order.entries()) {
        let result: StageResult;
        const skipReason = skipReasonOf(index);
        const early = ahead.get(index);
        ahead.delete(index);
        if (skipReason !== undefined) {
          // Started ahead, then skipped after all (the stage before it failed): stopped, and what it ran dropped.
          if (early) await stopRun(early);
          result = { stage: planned.stage, status: 'skip', cases: skipped(planned.cases, skipReason) };
        } else if (!build.ok) {
          result = problemStage(planned, build.errors.join('\n'), 'program.ts did not build');
        } else {
          const run = early ?? start(index, false);
          run.release();
          result = await run.result;
        }
        if (options.signal?.aborted) {
          cancelled = true;
          break;
        }
        graded.set(planned.stage.slug, result);
        emit(reporters, (r) => r.onStageEnd?.(result));
        if (result.status === 'fail') failed.add(planned.stage.slug);
        if (blocker === undefined && result.status === 'fail') blocker = blockerAfter(result, options);
      }
    } finally {
      // A cancelled run may leave a stage started ahead: its processes are gone before the run returns.
      for (const run of ahead.values()) await stopRun(run);
    }
    // Whatever order they ran in, the report lists the stages in course order.
    for (const planned of thePlan.stages) {
      const result = graded.get(planned.stage.slug);
      if (result) results.push(result);
    }
  } finally {
    stopLending();
    if (!options.builder) await builder.dispose();
  }
  const report: Report = { summary: summarize(results, Math.round(performance.now() - started)), stages: results };
  const next = nextStage(thePlan, results);
  if (next) report.next = next;
  if (!cancelled) emit(reporters, (r) => r.onRunEnd?.(report));
  profiler?.print(performance.now() - started);
  return { report, cancelled };
}

/** A stage's run in progress: its result to come, how to stop it, and (started ahead of its turn) how to let its reports out. */
type StageRun = { result: Promise<StageResult>; stop: AbortController; release: () => void };

// Stops a stage's run and waits until its processes are gone; what it ran is dropped.
async function stopRun(run: StageRun): Promise<void> {
  run.stop.abort();
  await run.result.catch(() => undefined);
}

// Why every stage not run yet is skipped after a failing one (the program cannot run, or --bail), or undefined when they still run.
function blockerAfter(result: StageResult, options: TestOptions): string | undefined {
  if (result.problem !== undefined) return (result.cases[0]?.verdict as { message?: string } | undefined)?.message ?? 'program.ts could not be run';
  return options.bail ? '--bail: stopped at the first failure' : undefined;
}

// The stages in the order they run: with `currentFirst` and no --stage, the stage the student is on (the first that
// did not pass when last graded, from the saved stage status) first, then the rest in course order.
async function stagesInRunOrder(thePlan: Plan, options: TestOptions): Promise<PlannedStage[]> {
  if (options.runFirst !== undefined) return runOrder(thePlan, options.runFirst);
  if (!options.currentFirst || options.selection.stages.length > 0) return thePlan.stages;
  const saved = await readStageStatus(options.courseDir);
  const passed = new Set(Object.entries(saved.stages).filter(([, s]) => s.status === 'pass').map(([slug]) => slug));
  return runOrder(thePlan, currentStageOf(thePlan, passed));
}


// In progressive mode, the first stage that does not pass yet.
function nextStage(thePlan: Plan, results: StageResult[]): Stage | undefined {
  if (thePlan.mode !== 'progressive') return undefined;
  return results.find((r) => r.status !== 'pass')?.stage;
}
