import { describe, expect, it } from 'vitest';
import { startWatch, stepWatch, type WatchState } from '../../grader/watch/core/watch-state.ts';
import { outcomeOf } from '../../grader/watch/core/watch-outcome.ts';
import { watchScreen } from '../../grader/reporters/watch-screen.ts';
import { keysLine, statusLines } from '../../grader/reporters/watch-status.ts';
import { displayWidth } from '../../grader/text/core/display-width.ts';
import { layoutProblems } from '../broken-words.ts';
import { paintOf } from '../../grader/reporters/watch-marks.ts';
import type { Report } from '../../grader/course/core/types.ts';
import { sampleReport } from './sample-report.ts';

const paint = paintOf(false);
const ORDER = ['register-tools', 'workspace-protocol'];
const passing: Report = { summary: { passed: 1, failed: 0, skipped: 0, total: 1, durationMs: 40 }, stages: [{ ...sampleReport.stages[0]!, status: 'pass', cases: [sampleReport.stages[0]!.cases[0]!] }] };

// The state after the first run ended with this report (and optionally h pressed).
function stateAfter(report: Report, showHints = false): WatchState {
  let { state } = startWatch(['register-tools'], ORDER);
  state = stepWatch(state, { type: 'run-end', outcome: outcomeOf(report) }).state;
  return showHints ? stepWatch(state, { type: 'key', key: 'hint' }).state : state;
}

describe('watch screen', () => {
  it('draws the stage, a mark per case, the first failure in full and the status line', () => {
    expect(watchScreen(stateAfter(sampleReport), sampleReport, paint, 60)).toMatchSnapshot();
  });

  it('offers n when the stage passes', () => {
    const screen = watchScreen(stateAfter(passing), passing, paint, 60);
    expect(screen).toMatch(/✓ register-tools passes — press n for the next stage: workspace-protocol/);
    expect(screen.split('\n').slice(-2)).toEqual(['watching for changes — Enter rerun · a all stages · f failed only ·', 'n next stage · h hint · q quit']);
  });

  it('lists every hint on h', () => {
    const screen = watchScreen(stateAfter(sampleReport, true), sampleReport, paint, 60);
    expect(screen).toMatch(/hints:\n {2}✗ Write is routed to create\n {4}Check how write is routed to create is routed\./);
    expect(screen).toMatch(/h hide hints/);
  });

  it('fits a short terminal: passing cases become a count, the calls sent are cut before what differs', () => {
    const screen = watchScreen(stateAfter(sampleReport), sampleReport, paint, 16);
    expect(screen).toMatch(/✓ 1 case pass/);
    expect(screen).toMatch(/what differs:/);
    expect(screen).toMatch(/hint:/);
    expect(screen).toMatch(/rerun:/);
  });

  it('folds passing stages to one line each when several stages ran', () => {
    const earlier = { stage: { slug: 'echo', title: 'Echo', command: 'dispatch' }, status: 'pass' as const, cases: [sampleReport.stages[0]!.cases[0]!, sampleReport.stages[0]!.cases[0]!] };
    const report: Report = { ...sampleReport, stages: [earlier, ...sampleReport.stages] };
    const lines = watchScreen(stateAfter(report), report, paint, 60).split('\n');
    expect(lines.slice(0, 3)).toEqual(['✓ echo · 2 cases pass', 'register-tools · Register the toolset · 4 cases', '  ✓ Read is routed to view 12 ms']);
  });

  it('says a build error is what to fix', () => {
    const broken: Report = { ...sampleReport, stages: [{ ...sampleReport.stages[0]!, problem: 'program.ts:1:1: Unexpected "("' }] };
    const screen = watchScreen(stateAfter(broken), broken, paint, 60);
    expect(screen).toMatch(/✗ register-tools · program\.ts could not be run\n {2}program\.ts:1:1: Unexpected "\("/);
    expect(screen).toMatch(/✗ register-tools: program\.ts could not be run — fix the error above and save/);
    expect(screen).not.toMatch(/what differs/);
  });

  it('shows what keeps the grader from running, then the status', () => {
    let { state } = startWatch(['register-tools'], ORDER);
    state = stepWatch(state, { type: 'run-end', outcome: { type: 'broken', problems: ['no program.ts in /x'], isCourseStale: false } }).state;
    expect(watchScreen(state, undefined, paint, 60).split('\n').slice(0, 3)).toEqual(['no program.ts in /x', '', '✗ the grader could not run your program (see above); fix it and save']);
  });

  it('ends a plain block with how to stop instead of keys', () => {
    expect(statusLines(stateAfter(passing), passing, paint, false)).toEqual([
      '✓ register-tools passes — next stage:',
      '  npx dispatch-lab test --stage workspace-protocol --watch',
      'watching for changes… (Ctrl-C to stop)',
    ]);
  });

  it.each([80, 60, 40])('wraps the keys line at %i columns between keys, never inside one', (width) => {
    const state = stepWatch(stateAfter(sampleReport), { type: 'key', key: 'all' }).state;
    const lines = keysLine(state, paint, width);
    expect(lines.every((line) => displayWidth(line) <= width)).toBe(true);
    for (const key of ['Enter rerun', 'a only register-tools', 'f failed only', 'n next stage', 'h hint', 'q quit']) expect(lines.some((line) => line.includes(key))).toBe(true);
    expect(lines.some((line) => line.startsWith('·'))).toBe(false);
  });

  it.each([80, 60])('lays the whole screen out to %i columns without breaking a word', (width) => {
    const screen = watchScreen(stateAfter(sampleReport, true), sampleReport, paint, 60, width);
    expect(layoutProblems(screen, watchScreen(stateAfter(sampleReport, true), sampleReport, paint, 60, 100_000), width)).toEqual([]);
  });
});

