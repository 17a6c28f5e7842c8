import { describe, expect, it } from 'vitest';
import { startWatch, stepWatch, type RunOutcome, type WatchCommand, type WatchEvent, type WatchState } from '../../grader/watch/core/watch-state.ts';

const ORDER = ['echo', 'view', 'register-tools'];
const change: WatchEvent = { type: 'change', course: false };
const caseChange: WatchEvent = { type: 'change', course: true };
const key = (k: Extract<WatchEvent, { type: 'key' }>['key']): WatchEvent => ({ type: 'key', key: k });
const end = (outcome: RunOutcome): WatchEvent => ({ type: 'run-end', outcome });
const failed: RunOutcome = { type: 'graded', stage: 'view', passed: false, failedCases: ['cases/view/a.json', 'cases/view/b.json'] };
const passedView: RunOutcome = { type: 'graded', stage: 'view', passed: true, failedCases: [] };
const cancelled: RunOutcome = { type: 'cancelled' };

// Replay events from the start (the first run in flight) and describe every command issued after the start.
function replay(focus: string[], events: WatchEvent[]): { state: WatchState; commands: string[] } {
  let { state } = startWatch(focus, ORDER);
  const commands: string[] = [];
  for (const event of events) {
    const step = stepWatch(state, event);
    state = step.state;
    commands.push(...step.commands.map(commandText));
  }
  return { state, commands };
}

function commandText(command: WatchCommand): string {
  if (command.type !== 'run') return command.type;
  const { stages, caseFiles, reloadCourse } = command.scope;
  return `run[${stages.join(',') || 'course'}${caseFiles ? ` only ${caseFiles.length}` : ''}${reloadCourse ? ' reload' : ''}]`;
}

describe('startWatch', () => {
  it('starts with one run of the focus', () => {
    const step = startWatch(['view'], ORDER);
    expect(step.commands.map(commandText)).toEqual(['run[view]']);
    expect(step.state.isRunning).toBe(true);
  });
});

describe('stepWatch', () => {
  it.each<[string, string[], WatchEvent[], string[]]>([
    ['a finished run is drawn', ['view'], [end(failed)], ['render']],
    ['a change when idle runs at once', ['view'], [end(failed), change], ['render', 'run[view]']],
    ['a change in flight cancels, then reruns once the cancelled run ends', ['view'], [change, end(cancelled)], ['cancel', 'run[view]']],
    ['more changes in flight cancel only once and still rerun once', ['view'], [change, change, key('rerun'), end(cancelled)], ['cancel', 'run[view]']],
    ['a run that ends anyway while a rerun is queued is replaced, not drawn', ['view'], [change, end(failed)], ['cancel', 'run[view]']],
    ['a case change reloads the course', ['view'], [end(failed), caseChange], ['render', 'run[view reload]']],
    ['a case change in flight reloads on the queued run', ['view'], [caseChange, change, end(cancelled)], ['cancel', 'run[view reload]']],
    ['only the next run reloads', ['view'], [end(failed), caseChange, end(failed), change], ['render', 'run[view reload]', 'render', 'run[view]']],
    ['a failed reload reloads again next time', ['view'], [end({ type: 'broken', problems: ['x'], isCourseStale: true }), change], ['render', 'run[view reload]']],
    ['Enter reruns', ['view'], [end(failed), key('rerun')], ['render', 'run[view]']],
    ['a grades the whole course, a again the focus', ['view'], [end(failed), key('all'), end(failed), key('all')], ['render', 'run[course]', 'render', 'run[view]']],
    ['a again focuses the stage the whole course run pointed at (after n, the one the page shows)', ['echo'], [end({ ...passedView, stage: 'echo' }), key('next'), end(passedView), key('all'), end({ ...failed, stage: 'echo' }), key('all')], ['render', 'run[view]', 'render', 'run[course]', 'render', 'run[echo]']],
    ['f grades the failed cases, f again every case', ['view'], [end(failed), key('failed'), end(passedView), key('failed')], ['render', 'run[view only 2]', 'render', 'run[view]']],
    ['f keeps the failed set while on', ['view'], [end(failed), key('failed'), end({ ...failed, failedCases: ['cases/view/a.json'] }), change], ['render', 'run[view only 2]', 'render', 'run[view only 2]']],
    ['f with nothing failed says so and runs nothing', ['view'], [end(passedView), key('failed')], ['render', 'render']],
    ['n moves to the next stage', ['view'], [end(passedView), key('next')], ['render', 'run[register-tools]']],
    ['n moves on from the stage the whole-course run points at', [], [end({ ...failed, stage: 'echo' }), key('next')], ['render', 'run[view]']],
    ['n on the last stage says so', ['register-tools'], [end({ ...passedView, stage: 'register-tools' }), key('next')], ['render', 'render']],
    ['h redraws when idle', ['view'], [end(failed), key('hint')], ['render', 'render']],
    ['h in flight waits for the run', ['view'], [key('hint')], []],
    ['q when idle exits', ['view'], [end(failed), key('quit')], ['render', 'exit']],
    ['q in flight cancels, then exits when the run ends', ['view'], [key('quit'), change, end(cancelled)], ['cancel', 'exit']],
    ['a second q exits without waiting', ['view'], [key('quit'), key('quit')], ['cancel', 'exit']],
    ['resize redraws when idle only', ['view'], [{ type: 'resize' }, end(failed), { type: 'resize' }], ['render', 'render']],
  ])('%s', (_, focus, events, commands) => {
    expect(replay(focus, events).commands).toEqual(commands);
  });

  it('never has two runs in flight', () => {
    const events: WatchEvent[] = [change, key('all'), caseChange, key('failed'), end(cancelled), change, end(failed), change, key('next'), end(cancelled), end(passedView)];
    let { state } = startWatch(['view'], ORDER);
    let running = 1;
    for (const event of events) {
      if (event.type === 'run-end') running--;
      const step = stepWatch(state, event);
      state = step.state;
      running += step.commands.filter((c) => c.type === 'run').length;
      expect(running).toBeLessThanOrEqual(1);
      expect(state.isRunning).toBe(running === 1);
    }
  });

  it('keeps a notice until the next run', () => {
    const { state } = replay(['register-tools'], [end({ ...passedView, stage: 'register-tools' }), key('next')]);
    expect(state.notice).toBe('register-tools is the last stage');
    expect(stepWatch(state, change).state.notice).toBeUndefined();
  });

  it('follows a reloaded stage order', () => {
    const { state } = replay(['view'], [{ type: 'course', stageOrder: ['view', 'glob'] }, end(passedView), key('next')]);
    expect(state.focus).toEqual(['glob']);
  });
});
