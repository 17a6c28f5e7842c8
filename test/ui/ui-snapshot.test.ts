import { describe, expect, it } from 'vitest';
import { startWatch } from '../../grader/watch/core/watch-state.ts';
import type { Stage } from '../../grader/course/core/types.ts';
import { differenceOf, failureView, finishedStage, keysOf, MAX_PAGE_FAILURES, stageList, stateView } from '../../grader/ui/core/ui-snapshot.ts';
import { failureDetails } from '../../grader/reporters/failure-details.ts';
import { sampleReport } from '../reporters/sample-report.ts';

const stages: Stage[] = [
  { slug: 'echo', title: 'Echo', command: 'dispatch' },
  { slug: 'view', title: 'View', command: 'dispatch' },
];

describe('the page snapshot', () => {
  it('lists the stages as `stages` does: saved status and score, or not yet', () => {
    const list = stageList(stages, new Map([['echo', 3], ['view', 2]]), { echo: { status: 'fail', passed: 2, total: 3 } });
    expect(list).toEqual([
      { slug: 'echo', title: 'Echo', caseCount: 3, status: 'fail', score: '2/3' },
      { slug: 'view', title: 'View', caseCount: 2, status: 'todo' },
    ]);
  });

  it('shows a value mismatch with both sides, a missing key with the expected side only', () => {
    expect(differenceOf({ kind: 'value', path: 'results[0].content', expected: 'hello', received: 'he1lo' })).toEqual({
      path: 'results[0].content',
      expected: { before: '"he', changed: 'l', after: 'lo"' },
      received: { before: '"he', changed: '1', after: 'lo"' },
    });
    expect(differenceOf({ kind: 'missing', path: 'results[1]', expected: { content: 'x' } })).toEqual({ path: 'results[1]', expected: { before: '', changed: '{"content":"x"}', after: '' } });
    expect(differenceOf({ kind: 'unexpected', path: 'results[0].is_error', received: false })).toEqual({ path: 'results[0].is_error', received: { before: '', changed: 'false', after: '' } });
  });

  it('escapes control characters a program printed in a difference', () => {
    const shown = differenceOf({ kind: 'value', path: 'results[0].content', expected: 'a', received: '\u001b[2Ja' });
    expect(JSON.stringify(shown)).not.toContain('\u001b');
  });

  it('labels the key buttons as the terminal key line does, toggles pressed', () => {
    const { state } = startWatch(['echo'], ['echo', 'view']);
    expect(keysOf(state).map((k) => `${k.letter} ${k.label}`)).toEqual(['r rerun', 'a all stages', 'f failed only', 'n next stage', 'h hints']);
    const pressed = keysOf({ ...state, isWholeCourse: true, showHints: true });
    expect(pressed.filter((k) => k.pressed).map((k) => k.label)).toEqual(['only echo', 'hide hints']);
    // After n and a, the label names the stage the whole-course run points at, not the focus n had set.
    const pointed = keysOf({ ...state, focus: ['view'], isWholeCourse: true, last: { type: 'graded', stage: 'echo', passed: false, failedCases: ['cases/echo/a.json'] } });
    expect(pointed.find((k) => k.key === 'all')?.label).toBe('only echo');
  });

  it('says what runs while running, and the problems of a run that could not start', () => {
    const { state } = startWatch(['echo'], ['echo', 'view']);
    expect(stateView(state, undefined)).toMatchObject({ isRunning: true, status: 'running echo…', current: 'echo' });
    const broken = stateView({ ...state, isRunning: false, last: { type: 'broken', problems: ['no program.ts in /x'], isCourseStale: false } }, undefined);
    expect(broken.broken).toEqual(['no program.ts in /x']);
    expect(broken.status).toContain('could not run your program');
  });

  it('shows a failing case from the same block the terminal prints: every line of the terminal block is on the page', () => {
    const result = sampleReport.stages[0]!;
    const failed = result.cases.find((c) => c.case.name === 'Write is routed to create')!;
    const plain = { dim: (x: string) => x, red: (x: string) => x, green: (x: string) => x, yellow: (x: string) => x, bold: (x: string) => x };
    const view = failureView(failed, result.stage);
    const shown = [view.name, view.file, ...view.sent, ...view.differs, view.stderr, view.note ?? '', view.mistake ?? '', view.hint, view.reproduce, view.rerun].join('\n');
    for (const line of failureDetails(failed, result.stage, plain).split('\n')) {
      const text = line.trim().replace(/^(sent|what differs|stderr|note|likely mistake|hint|reproduce|rerun):\s*/, '').replace(/^✗ register-tools › /, '');
      for (const piece of text.split(/\s{2,}/)) expect(shown, line).toContain(piece);
    }
    expect(view.differences.map((d) => d.path)).toEqual(['results[0].content', 'results[0].is_error']);
  });

  it('shows at most MAX_PAGE_FAILURES failing cases of a stage in full, the rest one line each', () => {
    const template = sampleReport.stages[0]!.cases[1]!;
    const many = Array.from({ length: MAX_PAGE_FAILURES + 2 }, (_, i) => ({ ...template, case: { ...template.case, name: `case ${i}`, file: `cases/x/c${i}.json` } }));
    const run = finishedStage({ slug: 'register-tools', title: 'T', planned: many.length, cases: [], failures: [] }, { stage: sampleReport.stages[0]!.stage, status: 'fail', cases: many });
    expect(run.failures).toHaveLength(MAX_PAGE_FAILURES);
    expect(run.more?.map((m) => m.name)).toHaveLength(2);
    expect(run.more?.[0]?.rerun).toContain('--case');
  });
});
