import { describe, expect, it } from 'vitest';
import { oneLineDifference, orderFailures } from '../../grader/judge/core/failure-order.ts';
import type { Case, CaseResult, Verdict } from '../../grader/course/core/types.ts';

const fail: Verdict = { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'results[0].content', expected: 'a', received: 'b' }] }] };

function result(file: string, calls: number, extra: Partial<Case> = {}, verdict: Verdict = fail): CaseResult {
  const input = { calls: Array.from({ length: calls }, () => ({ tool: 'view', input: { path: 'a' } })), ...(extra.input as object) };
  return { case: { name: file, hint: 'h', expect: {}, stage: 's', file: `cases/s/${file}.json`, ...extra, input }, verdict, durationMs: 0 };
}

// The result with a known mistake found for it.
function known(r: CaseResult): CaseResult {
  return { ...r, known: [{ id: 's/bug', description: 'a bug' }] };
}

// The result marked new since the student's last pass of the stage.
function fresh(r: CaseResult): CaseResult {
  return { ...r, isNew: true };
}

describe('orderFailures', () => {
  const table: [string, CaseResult[], string[]][] = [
    ['fewest calls first', [result('a-crlf', 3), result('b-basic', 1)], ['b-basic', 'a-crlf']],
    ['then the smallest input', [result('a', 1, { input: { sandbox: { 'a.txt': 'long text here' } } }), result('b', 1)], ['b', 'a']],
    ['then the file name', [result('b', 1), result('a', 1)], ['a', 'b']],
    ['priority before everything', [result('a', 1), result('b', 5, { priority: -1 })], ['b', 'a']],
    ['a positive priority goes last', [result('a', 1, { priority: 1 }), result('b', 5)], ['b', 'a']],
    ['cut short after every case that ran', [result('a', 1, {}, { status: 'timeout', timeoutMs: 1, during: 'calls[0] glob', cutShort: { call: 'calls[0] glob', cases: 2 } }), result('b', 4)], ['b', 'a']],
    ['one a known mistake explains before a simpler one', [result('a', 1), known(result('b', 5))], ['b', 'a']],
    ['among those a known mistake explains, the simplest', [known(result('c', 3)), result('a', 1), known(result('b', 2))], ['b', 'c', 'a']],
    ['a new case after every other, even the simplest', [fresh(result('a', 1)), result('b', 5)], ['b', 'a']],
    ['a new case after the others even when a known mistake explains it', [fresh(known(result('a', 1))), result('b', 5)], ['b', 'a']],
    ['a new case after a case cut short', [fresh(result('a', 1)), result('b', 1, {}, { status: 'timeout', timeoutMs: 1, during: 'calls[0] glob', cutShort: { call: 'calls[0] glob', cases: 2 } })], ['b', 'a']],
    ['new cases among themselves: a known mistake first, then the simplest', [fresh(result('a', 1)), fresh(known(result('c', 4))), fresh(result('b', 2))], ['c', 'a', 'b']],
  ];
  it.each(table)('%s', (_, failed, names) => {
    expect(orderFailures(failed).map((r) => r.case.name)).toEqual(names);
  });
  it('leaves the stage order alone', () => {
    const failed = [result('b', 2), result('a', 1)];
    orderFailures(failed);
    expect(failed.map((r) => r.case.name)).toEqual(['b', 'a']);
  });
});

describe('oneLineDifference', () => {
  it('is the first line of the message, cut to fit', () => {
    expect(oneLineDifference(fail)).toBe('results[0].content: expected "a", received "b"');
    const long: Verdict = { status: 'error', message: `${'x'.repeat(200)}\nmore` };
    expect(oneLineDifference(long)).toHaveLength(110);
    expect(oneLineDifference(long).endsWith('…')).toBe(true);
  });
});
