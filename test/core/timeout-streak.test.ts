import { describe, expect, it } from 'vitest';
import { cutShortBy, OUTSIDE_CALLS, streakWitnesses } from '../../grader/run/core/timeout-streak.ts';
import { toolsOf, withRunningCall } from '../../grader/judge/core/running-call.ts';
import type { RunResult, Verdict } from '../../grader/course/core/types.ts';

describe('streakWitnesses', () => {
  const tools = [['glob'], ['view'], ['create', 'glob'], ['glob', 'view'], [], ['view', 'glob'], ['grep']];
  const outside = (n: number) => ({ tool: OUTSIDE_CALLS, cases: Array.from({ length: n }, (_, i) => i) });
  it.each<[number, { tool: string; cases: number[] }[]]>([
    [0, []],
    [1, []],
    [2, [outside(2)]],
    [3, [{ tool: 'glob', cases: [0, 2] }, outside(3)]],
    [5, [{ tool: 'view', cases: [1, 3] }, { tool: 'glob', cases: [0, 2, 3] }, outside(5)]],
    [6, [outside(6)]],
  ])('case %i waits for %j', (index, witnesses) => {
    expect(streakWitnesses(tools, index)).toEqual(witnesses);
  });
});

describe('cutShortBy', () => {
  const hung: Verdict = { status: 'timeout', timeoutMs: 100, during: 'calls[0] glob' };
  const pass: Verdict = { status: 'pass' };
  it.each<[string, (Verdict | undefined)[], 'cut' | 'run' | 'open']>([
    ['two hangs in calls to the tool', [hung, { ...hung, during: 'calls[1] glob' }], 'cut'],
    ['two hangs after a pass: the count does not reset', [pass, hung, pass, hung], 'cut'],
    ['two hangs decide before the other verdicts are in', [undefined, hung, undefined, hung], 'cut'],
    ['one hang and a pass', [hung, pass], 'run'],
    ['one hang, one verdict still to come', [hung, undefined], 'open'],
    ['a hang in another tool', [hung, { ...hung, during: 'calls[1] view' }], 'run'],
    ['a hang outside any call', [hung, { status: 'timeout', timeoutMs: 100 }], 'run'],
    ['a case itself cut short is no hang', [hung, { ...hung, cutShort: { call: 'glob', cases: 2 } }], 'run'],
  ])('%s', (_, verdicts, decision) => {
    const found = cutShortBy([{ tool: 'view', verdicts: [pass, pass] }, { tool: 'glob', verdicts }]);
    expect(found).toEqual(decision === 'cut' ? { call: 'glob', cases: 2 } : decision === 'run' ? 'run' : undefined);
  });
  it('counts hangs outside any call for the program as a whole', () => {
    const outside: Verdict = { status: 'timeout', timeoutMs: 100 };
    expect(cutShortBy([{ tool: OUTSIDE_CALLS, verdicts: [outside, pass, outside] }])).toEqual({ call: '', cases: 2 });
    expect(cutShortBy([{ tool: OUTSIDE_CALLS, verdicts: [outside, hung] }])).toBe('run');
  });
});

describe('withRunningCall', () => {
  const run = (stderr: string): RunResult => ({ stdout: '', stderr, exitCode: 0, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1 });
  it.each<[string, string, string, string | undefined]>([
    ['no breadcrumbs', 'debug\n', 'debug\n', undefined],
    ['a call that never returned', 'dispatch-lab:running calls[0] view\ndispatch-lab:running calls[1] glob\nmy debug\n', 'my debug\n', 'calls[1] glob'],
    ['every call returned', 'dispatch-lab:running calls[0] view\ndispatch-lab:done\n', '', undefined],
    ['after a line the program left open', 'partialdispatch-lab:running calls[0] bash\n', 'partial', 'calls[0] bash'],
  ])('%s', (_, stderr, shown, running) => {
    const traced = withRunningCall(run(stderr));
    expect(traced.stderr).toBe(shown);
    expect(traced.runningCall).toBe(running);
  });
  it('lists the tools an input calls, each once', () => {
    expect(toolsOf({ calls: [{ tool: 'glob', input: {} }, { tool: 'view' }, { tool: 'glob' }] })).toEqual(['glob', 'view']);
    expect(toolsOf({ op: 'dispatch' })).toEqual([]);
  });
});
