import type { Course } from '../course/core/course.ts';
import type { Report } from '../course/core/types.ts';
import { startWatch, stepWatch, type WatchCommand, type WatchEvent, type WatchState } from './core/watch-state.ts';
import type { Screen } from './io/screen.ts';
import { prettyReporter } from '../reporters/pretty.ts';
import { carriedBlock, watchProgressReporter } from '../reporters/watch-progress.ts';
import { liveProgress } from '../text/io/live-progress.ts';
import { createLiveLine } from '../text/io/live-line.ts';
import { watchScreen } from '../reporters/watch-screen.ts';
import { runningLine, statusLines } from '../reporters/watch-status.ts';
import { paintOf } from '../reporters/watch-marks.ts';
import { fitLines } from '../reporters/fit-lines.ts';
import { DEFAULT_COLUMNS } from '../text/core/wrap-text.ts';
import type { Reporter } from '../reporters/reporter.ts';
import { startWatchRun, type ActiveRun, type WatchRunContext } from './watch-run.ts';
import { tracePhase } from './io/phase-trace.ts';

export type WatchSessionOptions = {
  screen: Screen;
  /** Colours on the interactive screen (a plain stream never gets them unless forced). */
  color: boolean;
  course: Course;
  /** The stages --stage named (empty: the whole course). */
  focus: string[];
  run: Omit<WatchRunContext, 'course' | 'onCourse' | 'reporters'>;
  /** Another view of the same runs (the browser page): its reporter joins each run's, and it hears every state. */
  view?: SessionView;
};

/** A second view of a watch session: the same run events and states as the screen, nothing of its own to grade. */
export type SessionView = {
  /** This run's reporter; it must check the signal (a cancelled run says nothing more). */
  reporter: (signal: AbortSignal) => Reporter;
  /** After every event: the state, the last graded run's report, and the course as the session last loaded it. */
  onState: (state: WatchState, report: Report | undefined, course: Course) => void;
};

/** The watch loop: every event goes through `dispatch`, every effect through one switch. */
export type WatchSession = {
  start: () => void;
  dispatch: (event: WatchEvent) => void;
  /** Resolves when the state machine says exit. */
  exited: Promise<void>;
  /** Resolves when no run is in flight. */
  settled: () => Promise<void>;
};

// A watch session drawing on a screen; nothing happens until start().
export function createWatchSession(options: WatchSessionOptions): WatchSession {
  const { screen, color } = options;
  const paint = paintOf(color);
  let course = options.course;
  let state: WatchState | undefined;
  let active: ActiveRun | undefined;
  let lastReport: Report | undefined;
  /** What a cancelled run had shown (stage headers and case lines), kept on screen through the next run. */
  let carried: string[] = [];
  const live = screen.isInteractive ? createLiveLine({ write: screen.write }) : undefined;
  let resolveExit: () => void = () => {};
  const exited = new Promise<void>((resolve) => (resolveExit = resolve));
  const queue: WatchEvent[] = [];
  let isDispatching = false;

  const context: WatchRunContext = {
    ...options.run,
    course: () => course,
    onCourse: (next) => {
      course = next;
      dispatch({ type: 'course', stageOrder: next.stages.map((s) => s.slug) });
    },
    reporters: () => [],
  };

  function perform(command: WatchCommand, current: WatchState): void {
    switch (command.type) {
      case 'run':
        return startRun(command.scope, current);
      case 'cancel':
        return active?.abort.abort();
      case 'render':
        return render(current);
      case 'exit':
        return resolveExit();
    }
  }

  function startRun(scope: Parameters<typeof startWatchRun>[1], current: WatchState): void {
    // The case lines this run has shown: kept when a save cancels it, so its verdicts stay on screen.
    const shown: string[] = [];
    let reached = 0;
    if (screen.isInteractive) {
      screen.clear();
      screen.write(`${fitLines([runningLine(current, paint)], screen.columns?.() ?? DEFAULT_COLUMNS).join('\n')}\n\n`);
      if (carried.length > 0) screen.write(`${carriedBlock(carried, paint)}\n`);
    }
    const progress = live ? liveProgress(live, color) : undefined;
    const reporters = (signal: AbortSignal): Reporter[] => {
      // A cancelled run says nothing more: its in-flight cases end as killed, not as verdicts.
      const write = (text: string) => {
        if (signal.aborted) return;
        shown.push(text);
        if (live) live.print(text);
        else screen.write(text);
      };
      const layout = screen.columns ? { width: screen.columns() } : {};
      const view = screen.isInteractive ? watchProgressReporter({ write, color, ...layout }) : prettyReporter({ write, color, ...layout });
      const counter: Reporter = { onCaseEnd: () => void (signal.aborted || reached++) };
      const views = options.view ? [view, options.view.reporter(signal)] : [view];
      return progress ? [progress, counter, ...views] : [counter, ...views];
    };
    active = startWatchRun({ ...context, reporters }, scope, (outcome, report) => {
      progress?.stop();
      if (report) {
        lastReport = report;
        carried = [];
      }
      if (outcome.type === 'cancelled') {
        if (reached > 0) carried = shown;
        // A plain log keeps what the run printed; it says why the run ended there and what those lines are.
        if (!screen.isInteractive) screen.write(`\n(run cancelled${reached > 0 ? ': the verdicts above are from the previous save' : ''})\n`);
      }
      dispatch({ type: 'run-end', outcome });
    });
  }

  function render(current: WatchState): void {
    if (screen.isInteractive) {
      screen.clear();
      screen.write(`${watchScreen(current, lastReport, paint, screen.rows(), screen.columns?.())}\n`);
      return;
    }
    // The run's results were printed as they came; only a run that could not start has something left to say.
    const body = current.last?.type === 'broken' ? `\n${current.last.problems.join('\n')}\n` : '';
    screen.write(`${body}\n${statusLines(current, lastReport, paint, false, screen.columns?.()).join('\n')}\n`);
    if (!current.isRunning) tracePhase('verdict');
  }

  // Handle queued events one at a time; events raised while one is handled (a run that fails at once) wait their turn.
  function drain(): void {
    if (isDispatching || state === undefined) return;
    isDispatching = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const step = stepWatch(state, next);
        state = step.state;
        for (const command of step.commands) perform(command, state);
        options.view?.onState(state, lastReport, course);
      }
    } finally {
      isDispatching = false;
    }
  }

  function dispatch(event: WatchEvent): void {
    queue.push(event);
    drain();
  }

  return {
    start() {
      const step = startWatch(options.focus, course.stages.map((s) => s.slug));
      isDispatching = true;
      try {
        state = step.state;
        for (const command of step.commands) perform(command, state);
        options.view?.onState(state, lastReport, course);
      } finally {
        isDispatching = false;
      }
      drain();
    },
    dispatch,
    exited,
    settled: async () => {
      await active?.done;
    },
  };
}
