import { describe, expect, it } from 'vitest';
import { cutShortBy, streakWitnesses } from '../../grader/core/timeout-streak.ts';
import { toolsOf, withRunningCall } from '../../grader/core/running-call.ts';
import type { RunResult, Verdict } from '../../grader/core/types.ts';

describe('streakWitnesses', () => {
  const tools = [['glob'], ['view'], ['create', 'glob'], ['glob', 'view'], [], ['view', 'glob'], ['grep']];
  it.each<[number, { tool: string; cases: number[] }[]]>([
    [0, []],
    [2, []],
    [3, [{ tool: 'glob', cases: [0, 2] }]],
    [4, []],
    [5, [{ tool: 'view', cases: [1, 3] }, { tool: 'glob', cases: [0, 2] }]],
    [6, []],
  ])('case %i waits for %j', (index, witnesses) => {
    expect(streakWitnesses(tools, index)).toEqual(witnesses);
  });
});

describe('cutShortBy', () => {
  const hung: Verdict = { status: 'timeout', timeoutMs: 100, during: 'calls[0] glob' };
  it.each<[string, Verdict[], boolean]>([
    ['both timed out during a call to the tool', [hung, { ...hung, during: 'calls[1] glob' }], true],
    ['one passed', [hung, { status: 'pass' }], false],
    ['one timed out during another tool', [hung, { ...hung, during: 'calls[1] view' }], false],
    ['one timed out with no call named', [hung, { status: 'timeout', timeoutMs: 100 }], false],
    ['one was itself cut short', [hung, { ...hung, cutShort: { call: 'calls[0] glob', cases: 2 } }], false],
    ['too few witnesses', [hung], false],
  ])('%s', (_, verdicts, cut) => {
    expect(cutShortBy([{ tool: 'view', verdicts: [{ status: 'pass' }, { status: 'pass' }] }, { tool: 'glob', verdicts }])).toEqual(cut ? { call: 'calls[0] glob', cases: 2 } : undefined);
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
