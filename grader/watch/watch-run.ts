import type { Course } from '../course/core/course.ts';
import type { Report } from '../course/core/types.ts';
import type { RunOutcome, RunScope } from './core/watch-state.ts';
import { outcomeOf } from './core/watch-outcome.ts';
import { scopedRun, withRegressionCheck } from './core/watch-scope.ts';
import { runTests, type TestOptions } from '../run/app.ts';
import { loadCourse } from '../run/course-loader.ts';
import { GraderError } from '../run/grader-error.ts';
import type { Reporter } from '../reporters/reporter.ts';
import { tracePhase } from './io/phase-trace.ts';
import { caseCountsOf, passedCasesOf, readStageStatus, saveStageStatus, type StageStatusFile } from '../run/io/stage-status.ts';

/** What one watch run needs beyond its scope. */
export type WatchRunContext = {
  /** The run options of the flags; course, selection, reporters and signal are replaced per run. */
  base: TestOptions;
  contentRoot: string;
  /** The course as last loaded; replaced when the scope asks for a reload. */
  course: () => Course;
  onCourse: (course: Course) => void;
  /** The reporters of this run; their writes must check the signal (a cancelled run says nothing more). */
  reporters: (signal: AbortSignal) => Reporter[];
};

/** A run in flight. */
export type ActiveRun = { abort: AbortController; done: Promise<void> };

// A focused scope with the earlier stages that passed added after the focus, so that a save breaking one shows at once.
function withEarlierPasses(context: WatchRunContext, scope: RunScope, saved: StageStatusFile): RunScope {
  if (scope.stages.length === 0 || scope.caseFiles !== undefined) return scope;
  const passed = new Set(Object.entries(saved.stages).filter(([, s]) => s.status === 'pass').map(([slug]) => slug));
  return { ...scope, stages: withRegressionCheck(context.course().stages.map((s) => s.slug), scope.stages, passed) };
}

// Grade one watch scope; tells `onEnd` the outcome (cancelled when aborted) and, when graded, the report.
export function startWatchRun(context: WatchRunContext, scope: RunScope, onEnd: (outcome: RunOutcome, report?: Report) => void): ActiveRun {
  tracePhase('run-start');
  const abort = new AbortController();
  const done = (async () => {
    let isReloading = scope.reloadCourse;
    try {
      if (scope.reloadCourse) context.onCourse(await loadCourse(context.contentRoot));
      isReloading = false;
      // The last passes as the run finds them: a failing case they did not have is new, and shown after the others; an
      // earlier stage they passed is graded again, after the focus, so a save that breaks it shows.
      const saved = await readStageStatus(context.base.courseDir);
      const { course, selection } = scopedRun(context.course(), context.base.selection, withEarlierPasses(context, scope, saved));
      const first = scope.caseFiles === undefined ? scope.stages[0] : undefined;
      const { report, cancelled } = await runTests({ ...context.base, course, selection, passedBefore: passedCasesOf(saved), reporters: context.reporters(abort.signal), signal: abort.signal, ...(first ? { runFirst: first } : {}) });
      if (cancelled || abort.signal.aborted) return onEnd({ type: 'cancelled' });
      tracePhase('graded');
      await saveStageStatus(context.base.courseDir, report, caseCountsOf(context.course().cases));
      onEnd(outcomeOf(report), report);
    } catch (error) {
      if (abort.signal.aborted) return onEnd({ type: 'cancelled' });
      const problems = error instanceof GraderError ? error.problems : [`internal error: ${(error as Error).stack ?? String(error)}`];
      onEnd({ type: 'broken', problems, isCourseStale: isReloading });
    }
  })();
  return { abort, done };
}
