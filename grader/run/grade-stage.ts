import type { Case, CaseResult, KnownMistake, RunResult, Stage, StageResult, Verdict } from '../course/core/types.ts';
import { knownMistakesOf } from '../known/core/known-mistakes.ts';
import { consistentKnown } from '../known/core/consistent-known.ts';
import { isNewSincePass } from '../course/core/new-since-pass.ts';
import type { Plan, PlannedStage } from './core/plan.ts';
import { judge } from '../judge/core/judge.ts';
import { stageStatus } from '../report/core/summarize.ts';
import { stdinOf } from '../judge/core/reproduce.ts';
import { runInOrder } from './core/run-pool.ts';
import type { Slots } from './core/slots.ts';
import { withRunningCall } from '../judge/core/running-call.ts';
import { timeoutGate } from './timeout-gate.ts';
import { repeatedVerdict } from '../judge/core/flaky.ts';
import { compactRun } from '../judge/core/compact-run.ts';
import { crashLine, describeStartCrash } from '../judge/core/start-crash.ts';
import { createStartProbe, type StartProbe } from './start-probe.ts';
import { runCase, type RunRequest } from './io/run-case.ts';
import type { Reporter } from '../reporters/reporter.ts';
import type { TestOptions } from './test-options.ts';

export type { StartProbe };

// Call one hook on every reporter.
export function emit(reporters: Reporter[], call: (r: Reporter) => void): void {
  for (const r of reporters) call(r);
}

// A stage that could not run at all: one problem for the stage, and every case an error saying why (not N separate failures).
export function problemStage(planned: PlannedStage, problem: string, message: string): StageResult {
  const verdict: Verdict = { status: 'error', message };
  return { stage: planned.stage, status: 'fail', problem, cases: planned.cases.map((c) => ({ case: c, verdict, durationMs: 0 })) };
}

// The probe that tells a program crashing at start (every case alike) from a case that fails.
export function startProbeFor(bundlePath: string, thePlan: Plan, options: TestOptions): StartProbe {
  const command = thePlan.stages[0]?.stage.command ?? 'dispatch';
  return createStartProbe(options.courseDir, () => runCase({
    bundlePath,
    command,
    courseDir: options.courseDir,
    stdin: '',
    timeoutMs: options.timeoutMs ?? options.defaultTimeoutMs,
    outputLimitBytes: options.outputLimitBytes,
    ...sandboxOf(options),
    ...(options.signal ? { signal: options.signal } : {}),
  }));
}

// The isolation and limits every run of the program gets, the start probe's included.
function sandboxOf(options: TestOptions): Pick<RunRequest, 'isolation' | 'limits'> {
  return { ...(options.isolation ? { isolation: options.isolation } : {}), ...(options.limits ? { limits: options.limits } : {}) };
}

/** How a stage shares the run's job slots with the stage after it (app.ts starts that one early). */
export type StageSlots = {
  slots: Slots;
  /** Once this stage has no case left to start; `isClean` when no case of it has failed so far. */
  onAllStarted: (isClean: boolean) => void;
};

// Run and judge every case of one stage, --jobs at a time (or in the run's shared slots), reporting them in case order.
export async function runStage(planned: PlannedStage, bundlePath: string, options: TestOptions, probe: StartProbe, shared?: StageSlots): Promise<StageResult> {
  const { stage, cases } = planned;
  emit(options.reporters, (r) => r.onStageStart?.(planned));
  let bailed = false;
  let isClean = true;
  const gate = timeoutGate(cases, (c) => options.timeoutMs ?? c.timeoutMs ?? options.defaultTimeoutMs);
  const results = await runInOrder(
    cases,
    shared?.slots ?? options.jobs,
    // A tool that hangs: once two earlier cases timed out in calls to it (or outside any call), later ones are cut short.
    // The next case's process starts as soon as this one's processes are gone (`release`); its temp dir removal and judging overlap it.
    async (c, i, release) => {
      const result = await gate.around(i, (stop) => gradeCase(c, stage, bundlePath, { ...options, signal: options.signal ? AbortSignal.any([options.signal, stop]) : stop }, probe, release));
      if (result.verdict.status !== 'pass') isClean = false;
      return result;
    },
    (result) => {
      // A program that crashes at start gets one stage problem, not a line per case.
      if (probe.crash) return;
      if (result.verdict.status !== 'pass') bailed = options.bail;
      const reporting = performance.now();
      emit(options.reporters, (r) => r.onCaseEnd?.(result, stage));
      options.profiler?.addCase({ report: performance.now() - reporting }, false);
    },
    {
      shouldStart: () => !bailed && !options.signal?.aborted && !probe.crash,
      ...(shared ? { onAllStarted: () => shared.onAllStarted(isClean && !probe.crash) } : {}),
    },
  );
  if (probe.crash) return problemStage(planned, describeStartCrash(probe.crash), `program.ts crashes at start: ${crashLine(probe.crash)}`);
  const ran = results.map((r, i) => r ?? { case: cases[i] as Case, verdict: { status: 'skip', reason: '--bail: stopped at the first failure' } as Verdict, durationMs: 0 });
  // A known mistake is named only where the cases of the stage that ran are exactly its own: the same failing set, its prints.
  const all = ran.some((r) => r.known) ? consistentKnown(ran, options.knownMistakes?.(stage.slug), stage.slug) : ran;
  return { stage, status: stageStatus(all), cases: all };
}

// Grade one case (several times with --repeat); a run the grader itself could not make is an error verdict.
async function gradeCase(c: Case, stage: Stage, bundlePath: string, options: TestOptions, probe: StartProbe, release: () => void): Promise<CaseResult> {
  const timeoutMs = options.timeoutMs ?? c.timeoutMs ?? options.defaultTimeoutMs;
  const graded: { verdict: Verdict; run: RunResult; known?: KnownMistake[] }[] = [];
  try {
    const attempts = options.repeat ?? 1;
    for (let attempt = 0; attempt < attempts && !options.signal?.aborted; attempt++) {
      const isLast = attempt === attempts - 1;
      const runStarted = performance.now();
      let processesGone: number | undefined;
      const run = withRunningCall(await runCase({
        bundlePath,
        command: stage.command,
        courseDir: options.courseDir,
        stdin: stdinOf(c),
        timeoutMs,
        outputLimitBytes: options.outputLimitBytes,
        keepTempDir: options.keep,
        ...sandboxOf(options),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.keep && options.onKeptDir ? { onTempDir: options.onKeptDir } : {}),
        ...(isLast || options.profiler ? { onProcessesGone: () => {
          processesGone = performance.now();
          if (isLast) release();
        } } : {}),
      }));
      const runEnded = performance.now();
      // A program that dies at start because it met a limit gets the limit's verdict, not "crashes at start".
      if (attempt === 0 && !run.limitHit) await probe.check(run);
      const judging = performance.now();
      const verdict = judgeSafely(c, run, timeoutMs);
      // The fingerprint is taken of the whole output, before it is cut for the report.
      const known = verdict.status === 'pass' ? [] : knownOf(c, stage, run, options);
      graded.push({ verdict, run: compactRun(run, options.keepFullOutput), ...(known.length > 0 ? { known } : {}) });
      const gone = processesGone ?? runEnded;
      options.profiler?.addCase({ program: run.durationMs, aroundProgram: gone - runStarted - run.durationMs, cleanup: runEnded - gone, judge: performance.now() - judging }, true);
      if (probe.crash) break;
    }
  } catch (error) {
    return { case: c, verdict: { status: 'error', message: `the grader could not run the program: ${(error as Error).message}` }, durationMs: 0 };
  }
  const shown = graded.find((g) => g.verdict.status !== 'pass') ?? graded[0];
  const verdict = repeatedVerdict(graded.map((g) => g.verdict));
  const isNew = verdict.status !== 'pass' && isNewSincePass(c, options.passedBefore?.[stage.slug]);
  return { case: c, verdict, ...(shown ? { run: shown.run } : {}), ...(shown?.known && verdict.status !== 'pass' ? { known: shown.known } : {}), ...(isNew ? { isNew } : {}), durationMs: Math.max(0, ...graded.map((g) => g.run.durationMs)) };
}

// The known mistakes that print exactly what this failing run printed (none without the library).
function knownOf(c: Case, stage: Stage, run: RunResult, options: TestOptions): KnownMistake[] {
  return options.knownMistakes ? knownMistakesOf(options.knownMistakes(stage.slug), c, run, options.courseDir) : [];
}

// The judge's verdict; should judging ever fail on some output, that case gets an error verdict and the run goes on.
function judgeSafely(c: Case, run: RunResult, timeoutMs: number): Verdict {
  try {
    return judge(c, run, timeoutMs);
  } catch (error) {
    return { status: 'error', message: `the grader could not judge this output (${(error as Error).message}); please report it` };
  }
}
