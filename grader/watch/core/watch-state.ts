// Watch mode as a pure state machine: one event type in, the next state and the effects to perform out.

/** A key the watch screen understands (see watch-keys.ts for the bytes behind each). */
export type WatchKey = 'rerun' | 'all' | 'failed' | 'next' | 'hint' | 'quit';

/** What a finished run means to the watch loop. */
export type RunOutcome =
  /** The run graded its cases; `stage` is the one the student works on (the first failing, else the last graded). */
  | { type: 'graded'; stage?: string; passed: boolean; failedCases: string[] }
  /** A newer event cancelled it; its output is dropped. */
  | { type: 'cancelled' }
  /** The grader could not run it (course content broken, program.ts missing…); watching goes on. */
  | { type: 'broken'; problems: string[]; isCourseStale: boolean };

/** Everything that can happen while watching; the loop handles this one type in one place. */
export type WatchEvent =
  /** A debounced batch of file changes; `course` when a stage or case file was among them. */
  | { type: 'change'; course: boolean }
  | { type: 'key'; key: WatchKey }
  | { type: 'run-end'; outcome: RunOutcome }
  /** The course was reloaded; its stage order may have changed. */
  | { type: 'course'; stageOrder: string[] }
  /** The terminal changed size. */
  | { type: 'resize' };

/** Which cases a run grades. */
export type RunScope = {
  /** Stage slugs as --stage would name them; empty: the whole course (progressive). */
  stages: string[];
  /** Only these case files (f: failed only); absent: every case of the stages. */
  caseFiles?: string[];
  /** Reload stages/ and cases/ before running. */
  reloadCourse: boolean;
};

/** An effect the loop performs for the state machine. */
export type WatchCommand =
  | { type: 'run'; scope: RunScope }
  /** Cancel the run in flight (its processes are killed); a run-end event follows. */
  | { type: 'cancel' }
  /** Redraw the last result with the current state (status line, hints, notice). */
  | { type: 'render' }
  | { type: 'exit' };

export type WatchState = {
  /** The stages the student focuses on: --stage, then moved by n; empty: the whole course. */
  focus: string[];
  /** a: grade the whole course instead of the focus. */
  isWholeCourse: boolean;
  /** f: grade only the cases in failedCases. */
  isFailedOnly: boolean;
  /** Case files that failed in the last run over every case. */
  failedCases: string[];
  stageOrder: string[];
  isRunning: boolean;
  /** A run was cancelled and a new one starts when it ends. */
  isRerunQueued: boolean;
  /** A stage or case file changed since the course was last loaded. */
  isCourseStale: boolean;
  showHints: boolean;
  isQuitting: boolean;
  /** The last outcome that was not a cancellation. */
  last?: Exclude<RunOutcome, { type: 'cancelled' }>;
  /** A one-off message for the status line, cleared by the next run. */
  notice?: string;
};

export type WatchStep = { state: WatchState; commands: WatchCommand[] };

// The first state and its first run.
export function startWatch(focus: string[], stageOrder: string[]): WatchStep {
  const state: WatchState = { focus, isWholeCourse: false, isFailedOnly: false, failedCases: [], stageOrder, isRunning: false, isRerunQueued: false, isCourseStale: false, showHints: false, isQuitting: false };
  return startRun(state);
}

// The next state after one event, and what to do about it.
export function stepWatch(state: WatchState, event: WatchEvent): WatchStep {
  if (state.isQuitting) return event.type === 'run-end' || (event.type === 'key' && event.key === 'quit') ? { state, commands: [{ type: 'exit' }] } : { state, commands: [] };
  switch (event.type) {
    case 'change':
      return restart({ ...state, isCourseStale: state.isCourseStale || event.course });
    case 'key':
      return onKey(state, event.key);
    case 'run-end':
      return onRunEnd(state, event.outcome);
    case 'course':
      return { state: { ...state, stageOrder: event.stageOrder }, commands: [] };
    case 'resize':
      return { state, commands: state.isRunning ? [] : [{ type: 'render' }] };
  }
}

// The scope the next run grades.
export function scopeOf(state: WatchState): RunScope {
  const stages = state.isWholeCourse ? [] : state.focus;
  return { stages, ...(state.isFailedOnly ? { caseFiles: state.failedCases } : {}), reloadCourse: state.isCourseStale };
}

// The stage the student works on: the one the last run points at, else the first in focus.
export function currentStage(state: WatchState): string | undefined {
  const graded = state.last?.type === 'graded' ? state.last.stage : undefined;
  return graded ?? state.focus[0] ?? state.stageOrder[0];
}

// The stages `a` focuses on when it leaves the whole course: the current stage, else the focus as it was.
export function focusAfterWholeCourse(state: WatchState): string[] {
  const current = currentStage(state);
  return current === undefined ? state.focus : [current];
}

// The stage after the current one, if any.
export function nextStageOf(state: WatchState): string | undefined {
  const current = currentStage(state);
  const index = current === undefined ? -1 : state.stageOrder.indexOf(current);
  return index < 0 ? undefined : state.stageOrder[index + 1];
}

function onKey(state: WatchState, key: WatchKey): WatchStep {
  switch (key) {
    case 'rerun':
      return restart(state);
    case 'all':
      // Back from the whole course, the focus is the stage the run pointed at (the one the key's label names).
      return restart({ ...state, isWholeCourse: !state.isWholeCourse, isFailedOnly: false, ...(state.isWholeCourse ? { focus: focusAfterWholeCourse(state) } : {}) });
    case 'failed':
      if (!state.isFailedOnly && state.failedCases.length === 0) return notice(state, 'nothing failed in the last run: f has nothing to rerun');
      return restart({ ...state, isFailedOnly: !state.isFailedOnly });
    case 'next': {
      const next = nextStageOf(state);
      if (next === undefined) return notice(state, `${currentStage(state) ?? 'this'} is the last stage`);
      return restart({ ...state, focus: [next], isWholeCourse: false, isFailedOnly: false, failedCases: [], last: undefined });
    }
    case 'hint':
      return { state: { ...state, showHints: !state.showHints }, commands: state.isRunning ? [] : [{ type: 'render' }] };
    case 'quit':
      return { state: { ...state, isQuitting: true }, commands: state.isRunning ? [{ type: 'cancel' }] : [{ type: 'exit' }] };
  }
}

function onRunEnd(state: WatchState, outcome: RunOutcome): WatchStep {
  const ended = { ...state, isRunning: false };
  if (state.isRerunQueued) return startRun({ ...ended, isRerunQueued: false, isCourseStale: state.isCourseStale || (outcome.type === 'broken' && outcome.isCourseStale) });
  if (outcome.type === 'cancelled') return { state: ended, commands: [] };
  if (outcome.type === 'broken') return { state: { ...ended, last: outcome, isCourseStale: state.isCourseStale || outcome.isCourseStale }, commands: [{ type: 'render' }] };
  const failedCases = state.isFailedOnly ? state.failedCases : outcome.failedCases;
  return { state: { ...ended, last: outcome, failedCases }, commands: [{ type: 'render' }] };
}

// Start a run now, or cancel the one in flight and queue a new one (never two at once).
function restart(state: WatchState): WatchStep {
  if (state.isRunning) return { state: { ...state, isRerunQueued: true }, commands: state.isRerunQueued ? [] : [{ type: 'cancel' }] };
  return startRun(state);
}

function startRun(state: WatchState): WatchStep {
  const { notice: _dropped, ...rest } = state;
  return { state: { ...rest, isRunning: true, isCourseStale: false }, commands: [{ type: 'run', scope: scopeOf(state) }] };
}

function notice(state: WatchState, text: string): WatchStep {
  return { state: { ...state, notice: text }, commands: state.isRunning ? [] : [{ type: 'render' }] };
}
