import type { Course } from '../core/course.ts';
import type { Report } from '../core/types.ts';
import { startWatch, stepWatch, type WatchCommand, type WatchEvent, type WatchState } from '../core/watch-state.ts';
import type { Screen } from '../io/screen.ts';
import { prettyReporter } from '../reporters/pretty.ts';
import { watchProgressReporter } from '../reporters/watch-progress.ts';
import { watchScreen } from '../reporters/watch-screen.ts';
import { runningLine, statusLines } from '../reporters/watch-status.ts';
import { paintOf } from '../reporters/watch-marks.ts';
import type { Reporter } from '../reporters/reporter.ts';
import { startWatchRun, type ActiveRun, type WatchRunContext } from './watch-run.ts';

export type WatchSessionOptions = {
  screen: Screen;
  /** Colours on the interactive screen (a plain stream never gets them unless forced). */
  color: boolean;
  course: Course;
  /** The stages --stage named (empty: the whole course). */
  focus: string[];
  run: Omit<WatchRunContext, 'course' | 'onCourse' | 'reporters'>;
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
  let lastBlock = '';
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
    let block = '';
    if (screen.isInteractive) {
      screen.clear();
      screen.write(`${runningLine(current, paint)}\n\n`);
    }
    const reporters = (signal: AbortSignal): Reporter[] => screen.isInteractive
      ? [watchProgressReporter({ write: (text) => void (signal.aborted || screen.write(text)), color })]
      : [prettyReporter({ write: (text) => void (block += text), color })];
    active = startWatchRun({ ...context, reporters }, scope, (outcome, report) => {
      if (report) {
        lastReport = report;
        lastBlock = block;
      }
      // A plain log says why a run left no block, so every start is accounted for.
      if (outcome.type === 'cancelled' && !screen.isInteractive) screen.write('\n(run cancelled)\n');
      dispatch({ type: 'run-end', outcome });
    });
  }

  function render(current: WatchState): void {
    if (screen.isInteractive) {
      screen.clear();
      screen.write(`${watchScreen(current, lastReport, paint, screen.rows())}\n`);
      return;
    }
    const body = current.last?.type === 'broken' ? `\n${current.last.problems.join('\n')}\n` : lastBlock;
    screen.write(`${body}\n${statusLines(current, lastReport, paint, false).join('\n')}\n`);
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
