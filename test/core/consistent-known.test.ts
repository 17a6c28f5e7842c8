import { describe, expect, it } from 'vitest';
import { consistentKnown } from '../../grader/known/core/consistent-known.ts';
import type { StageKnownMistakes } from '../../grader/known/core/known-mistakes.ts';
import type { CaseResult, Verdict } from '../../grader/course/core/types.ts';

const FAIL: Verdict = { status: 'fail', failures: [] };
const PASS: Verdict = { status: 'pass' };

// A result of case `file` of the view stage, naming the given known mistakes.
function result(file: string, verdict: Verdict, known: string[] = [], extra: Partial<CaseResult['case']> = {}): CaseResult {
  return {
    case: { name: file, hint: 'h', input: {}, expect: {}, stage: 'view', file: `cases/view/${file}.json`, ...extra },
    verdict,
    durationMs: 1,
    ...(known.length > 0 ? { known: known.map((name) => ({ id: `view/${name}`, description: `${name} mistake` })) } : {}),
  };
}

// The library: mutant `a` prints something recorded on cases one and two, `b` only on one (where it prints what `a` does).
const table: StageKnownMistakes = {
  hash: 'h',
  mistakes: { a: { description: 'a mistake' }, b: { description: 'b mistake' } },
  cases: { one: { f1: ['a', 'b'] }, two: { f2: ['a'] } },
};
const named = (results: CaseResult[]) => results.map((r) => (r.known ?? []).map((k) => k.id));

describe('consistentKnown', () => {
  it.each<[string, CaseResult[], string[][]]>([
    ['keeps a mistake every case agrees with (and one only one case records)', [result('one', FAIL, ['a', 'b']), result('two', FAIL, ['a'])], [['view/a', 'view/b'], ['view/a']]],
    ['drops a mistake whose other case the program passes', [result('one', FAIL, ['a', 'b']), result('two', PASS)], [['view/b'], []]],
    ['drops a mistake whose other case the program fails differently', [result('one', FAIL, ['a', 'b']), result('two', FAIL)], [['view/b'], []]],
    ['does not count a case that did not run (skipped)', [result('one', FAIL, ['a', 'b']), result('two', { status: 'skip', reason: 'bail' })], [['view/a', 'view/b'], []]],
    ['does not count a case cut short', [result('one', FAIL, ['a']), result('two', { status: 'timeout', timeoutMs: 10, cutShort: { call: 'view', cases: 2 } })], [['view/a'], []]],
    ['does not count a private case (never looked up)', [result('one', FAIL, ['a']), result('two', PASS, [], { private: true })], [['view/a'], []]],
    ['does not count a case left out of the run (--case)', [result('one', FAIL, ['a'])], [['view/a']]],
  ])('%s', (_what, results, expected) => {
    expect(named(consistentKnown(results, table, 'view'))).toEqual(expected);
  });

  it('leaves the results as they are without a library or a known mistake', () => {
    const results = [result('one', FAIL, ['a']), result('two', PASS)];
    expect(consistentKnown(results, undefined, 'view')).toBe(results);
    const none = [result('one', FAIL), result('two', PASS)];
    expect(consistentKnown(none, table, 'view')).toBe(none);
  });

  it('drops the known field of a result whose every mistake is dropped', () => {
    const [first] = consistentKnown([result('one', FAIL, ['a']), result('two', PASS)], table, 'view');
    expect(first).not.toHaveProperty('known');
  });
});
