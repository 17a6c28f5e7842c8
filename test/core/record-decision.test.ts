import { describe, expect, it } from 'vitest';
import { withExpectation } from '../../grader/course/core/case-text-edit.ts';
import { decideRecord, harnessRefusal, holdUnsureFills, unwrittenReference, type RecordDecision } from '../../grader/course/core/record-decision.ts';
import { expectationChange } from '../../grader/course/core/expectation-change.ts';
import type { CaseResult, RunResult } from '../../grader/course/core/types.ts';

const run = (stdout: string, exitCode: number, stderr = ''): RunResult => ({ stdout, stderr, exitCode, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1024 });
const graded = (expect: object, r: RunResult, extra: object = {}, pass = true): CaseResult => ({
  case: { name: 'n', hint: 'h', input: {}, expect, stage: 'echo', file: 'cases/echo/n.json', ...extra },
  verdict: pass ? { status: 'pass' } : { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: '.a', expected: 1, received: 2 }] }] },
  run: r,
  durationMs: 1,
});
const MODE = { check: false, update: false };

describe('withExpectation', () => {
  it('replaces only the expect value, in the file indentation', () => {
    const text = '{\n  "name": "n",\n  "input": {"calls": [{"tool": "view", "input": {"view_range": [2, 3]}}]},\n  "expect": {},\n  "points": 2\n}\n';
    expect(withExpectation(text, { stdout: { results: [] }, exitCode: 0 })).toBe('{\n  "name": "n",\n  "input": {"calls": [{"tool": "view", "input": {"view_range": [2, 3]}}]},\n  "expect": {\n    "stdout": {\n      "results": []\n    },\n    "exitCode": 0\n  },\n  "points": 2\n}\n');
  });

  it('keeps tabs when the file uses tabs', () => {
    expect(withExpectation('{\n\t"expect": {}\n}', { exitCode: 1 })).toBe('{\n\t"expect": {\n\t\t"exitCode": 1\n\t}\n}');
  });
});

describe('harnessRefusal', () => {
  it.each<[RunResult, string | undefined]>([
    [run('', 1, 'dispatch: "calls" must be an array\n'), 'dispatch: "calls" must be an array'],
    [run('', 1, 'not implemented: Tools.view\n'), undefined],
    [run('{"error":"malformed_json"}\n', 1, 'dispatch: x'), undefined],
    [run('', 0, 'dispatch: x'), undefined],
  ])('%j → %s', (r, expected) => {
    expect(harnessRefusal(r, 'dispatch')).toBe(expected);
  });
});

describe('decideRecord', () => {
  it('fills an empty expectation', () => {
    expect(decideRecord(graded({}, run('{"a":1}\n', 0)), 'dispatch', MODE)).toMatchObject({ status: 'filled', expect: { stdout: { a: 1 }, exitCode: 0 } });
  });
  it('keeps a hand-written one that differs, unless --update', () => {
    const result = graded({ stdout: { a: 1 } }, run('{"a":2}\n', 0), {}, false);
    expect(decideRecord(result, 'dispatch', MODE)).toMatchObject({ status: 'kept', lines: ['- a: 1', '+ a: 2', expect.stringContaining('--update')] });
    expect(decideRecord(result, 'dispatch', { check: false, update: true, named: true })).toMatchObject({ status: 'updated', expect: { stdout: { a: 2 }, exitCode: 0 } });
    // --update replaces only cases named with --case; --force replaces any.
    expect(decideRecord(result, 'dispatch', { check: false, update: true })).toMatchObject({ status: 'kept', lines: ['- a: 1', '+ a: 2', expect.stringContaining('--case <name>')] });
    expect(decideRecord(result, 'dispatch', { check: false, update: false, force: true })).toMatchObject({ status: 'updated', expect: { stdout: { a: 2 }, exitCode: 0 } });
    expect(decideRecord(result, 'dispatch', { check: true, update: false })).toMatchObject({ status: 'stale' });
  });
  it('refuses a harness refusal unless the case expects it', () => {
    const refused = run('', 1, 'dispatch: "calls" must be an array\n');
    expect(decideRecord(graded({}, refused), 'dispatch', MODE)).toMatchObject({ status: 'unrecordable' });
    expect(decideRecord(graded({}, refused, { expectHarnessError: true }), 'dispatch', MODE)).toMatchObject({ status: 'filled', expect: { exitCode: 1 } });
    expect(decideRecord(graded({}, run('{}\n', 0), { expectHarnessError: true }), 'dispatch', MODE)).toMatchObject({ status: 'unrecordable' });
  });
});

describe('the reference not written yet', () => {
  it.each<[string, RunResult, string | undefined]>([
    ['the scaffold\'s reference stub', run('', 1, 'shout: shout threw: TODO(shout): the reference shout in reference/shout/shout.ts\n    at shout (x)\n'), 'shout: shout threw: TODO(shout): the reference shout in reference/shout/shout.ts'],
    ['a NotImplementedError', run('', 1, 'not implemented: Tools.view\n'), 'not implemented: Tools.view'],
    ['a refused input', run('', 1, 'shout: "texts" must be an array\n'), undefined],
    ['an answer', run('{"results":[]}\n', 0), undefined],
  ])('%s', (_, r, expected) => {
    expect(unwrittenReference(r)).toBe(expected);
  });

  it('says the reference is unwritten and where, not that the input was refused', () => {
    const stub = run('', 1, 'shout: shout threw: TODO(shout): the reference shout in reference/shout/shout.ts\n');
    const decision = decideRecord({ ...graded({}, stub), case: { ...graded({}, stub).case, stage: 'shout' } }, 'shout', MODE);
    expect(decision.status).toBe('unrecordable');
    const lines = decision.status === 'unrecordable' ? decision.lines : [];
    expect(lines[0]).toMatch(/^the reference is not written yet/);
    expect(lines[1]).toContain('write the model answer in reference/shout/shout.ts');
    expect(lines.join('\n')).not.toContain('refused');
  });
});

describe('holdUnsureFills: a reference that disagrees with a recorded answer fills nothing new', () => {
  const filled: RecordDecision = { status: 'filled', expect: { exitCode: 0 }, lines: ['{"exitCode": 0}'] };
  const kept: RecordDecision = { status: 'kept', lines: ['- a: 1', '+ a: 2'] };
  const unchanged: RecordDecision = { status: 'unchanged' };
  it.each<[string, RecordDecision[], { force?: boolean }, string[]]>([
    ['no disagreement: the fill is written', [unchanged, filled], {}, ['unchanged', 'filled']],
    ['a kept answer holds the fill', [kept, filled, unchanged], {}, ['kept', 'held', 'unchanged']],
    ['--force writes it anyway', [kept, filled], { force: true }, ['kept', 'filled']],
  ])('%s', (_, decisions, mode, expected) => {
    expect(holdUnsureFills(decisions, { check: false, update: false, ...mode }).map((d) => d.status)).toEqual(expected);
  });

  it('says why and how to write it anyway', () => {
    const [, held] = holdUnsureFills([kept, filled], MODE);
    expect(held).toMatchObject({ status: 'held', lines: ['{"exitCode": 0}', expect.stringMatching(/disagrees with 1 recorded answer .*record --force/)] });
  });
});

describe('expectationChange', () => {
  it('lists exit code and stdout differences, old first', () => {
    expect(expectationChange({ stdout: { a: [1, 2] }, exitCode: 0 }, { stdout: { a: [1] }, exitCode: 1 })).toEqual(['- exitCode: 0', '+ exitCode: 1', '- a[1]: 2']);
    expect(expectationChange({ exitCode: 1 }, { stdout: { a: 1 }, exitCode: 1 })).toEqual(['+ stdout: {"a":1}']);
  });
});
