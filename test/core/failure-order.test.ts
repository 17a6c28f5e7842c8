import { describe, expect, it } from 'vitest';
import { oneLineDifference, orderFailures } from '../../grader/judge/core/failure-order.ts';
import type { Case, CaseResult, Verdict } from '../../grader/course/core/types.ts';

const fail: Verdict = { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'results[0].content', expected: 'a', received: 'b' }] }] };

function result(file: string, calls: number, extra: Partial<Case> = {}, verdict: Verdict = fail): CaseResult {
  const input = { calls: Array.from({ length: calls }, () => ({ tool: 'view', input: { path: 'a' } })), ...(extra.input as object) };
  return { case: { name: file, hint: 'h', expect: {}, stage: 's', file: `cases/s/${file}.json`, ...extra, input }, verdict, durationMs: 0 };
}

describe('orderFailures', () => {
  const table: [string, CaseResult[], string[]][] = [
    ['fewest calls first', [result('a-crlf', 3), result('b-basic', 1)], ['b-basic', 'a-crlf']],
    ['then the smallest input', [result('a', 1, { input: { sandbox: { 'a.txt': 'long text here' } } }), result('b', 1)], ['b', 'a']],
    ['then the file name', [result('b', 1), result('a', 1)], ['a', 'b']],
    ['priority before everything', [result('a', 1), result('b', 5, { priority: -1 })], ['b', 'a']],
    ['a positive priority goes last', [result('a', 1, { priority: 1 }), result('b', 5)], ['b', 'a']],
    ['cut short after every case that ran', [result('a', 1, {}, { status: 'timeout', timeoutMs: 1, during: 'calls[0] glob', cutShort: { call: 'calls[0] glob', cases: 2 } }), result('b', 4)], ['b', 'a']],
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
