import { describe, expect, it } from 'vitest';
import { consistentKnown } from '../../grader/known/core/consistent-known.ts';
import type { StageKnownMistakes } from '../../grader/known/core/known-mistakes.ts';
import type { CaseResult, Verdict } from '../../grader/course/core/types.ts';

const FAIL: Verdict = { status: 'fail', failures: [] };
const PASS: Verdict = { status: 'pass' };
const SKIP: Verdict = { status: 'skip', reason: 'bail' };
const CUT_SHORT: Verdict = { status: 'timeout', timeoutMs: 10, cutShort: { call: 'view', cases: 2 } };
const TIMEOUT: Verdict = { status: 'timeout', timeoutMs: 10 };

// A result of case `file` of the view stage, naming the given known mistakes (as the per-case lookup found them).
function result(file: string, verdict: Verdict, known: string[] = [], extra: Partial<CaseResult['case']> = {}): CaseResult {
  return {
    case: { name: file, hint: 'h', input: {}, expect: {}, stage: 'view', file: `cases/view/${file}.json`, ...extra },
    verdict,
    durationMs: 1,
    ...(known.length > 0 ? { known: known.map((name) => ({ id: `view/${name}`, description: `${name} mistake` })) } : {}),
  };
}

// The library of a stage with cases one to four:
// a fails one and two, printing f1 and f2; b fails only one, printing f1 too;
// c and d both fail only three and print the same f3; e fails four (f4) and crashed on two (a failing case without a
// print); f fails four printing f4 as well, and one of its two recording runs also failed one (unsure); g fails two and
// four, printing g4 on four, and both its recording runs failed two but printed otherwise there (unprinted).
const table: StageKnownMistakes = {
  hash: 'h',
  mistakes: {
    a: { description: 'a mistake', fails: ['one', 'two'] },
    b: { description: 'b mistake', fails: ['one'] },
    c: { description: 'c mistake', fails: ['three'] },
    d: { description: 'd mistake', fails: ['three'] },
    e: { description: 'e mistake', fails: ['four', 'two'] },
    f: { description: 'f mistake', fails: ['four'], unsure: ['one'] },
    g: { description: 'g mistake', fails: ['four', 'two'], unprinted: ['two'] },
  },
  cases: { one: { f1: ['a', 'b'] }, two: { f2: ['a'] }, three: { f3: ['c', 'd'] }, four: { f4: ['e', 'f'], g4: ['g'] } },
};
const named = (results: CaseResult[]) => results.map((r) => (r.known ?? []).map((k) => k.id));
// The stage's four results, case one to four, with the given verdicts and names.
const stage = (...cases: [Verdict, string[]?][]) => cases.map(([verdict, known], i) => result(['one', 'two', 'three', 'four'][i] as string, verdict, known));

describe('consistentKnown: a mistake is named only when the failing cases are exactly its own', () => {
  it.each<[string, CaseResult[], string[][]]>([
    ['equal set, equal prints: named (b is not: the program fails two, which b passes)', stage([FAIL, ['a', 'b']], [FAIL, ['a']], [PASS], [PASS]), [['view/a'], ['view/a'], [], []]],
    ['a superset of the set (three fails as well): not named', stage([FAIL, ['a', 'b']], [FAIL, ['a']], [FAIL], [PASS]), [[], [], [], []]],
    ['a superset whose extra case times out: not named', stage([FAIL, ['a', 'b']], [FAIL, ['a']], [TIMEOUT], [PASS]), [[], [], [], []]],
    ['a subset of a\'s set (two passes): a not named, b (exactly one) is', stage([FAIL, ['a', 'b']], [PASS], [PASS], [PASS]), [['view/b'], [], [], []]],
    ['equal set, but two prints otherwise than a: not named', stage([FAIL, ['a', 'b']], [FAIL], [PASS], [PASS]), [[], [], [], []]],
    ['a failing case of e without a recorded print of e: e not named (its output there is unknown, so the run is not known to be e\'s)', stage([PASS], [FAIL], [PASS], [FAIL, ['e', 'f']]), [[], [], [], []]],
    ['a case the variant fails with a print that varies is compared by verdict: g named when two fails, whatever it printed', stage([PASS], [FAIL], [PASS], [FAIL, ['g']]), [[], [], [], ['view/g']]],
    ['… and not named when two passes, which g fails', stage([PASS], [PASS], [PASS], [FAIL, ['g']]), [[], [], [], []]],
    ['… nor when another case fails as well', stage([FAIL], [FAIL], [PASS], [FAIL, ['g']]), [[], [], [], []]],
    ['two mistakes that both match are both kept', stage([PASS], [PASS], [FAIL, ['c', 'd']], [PASS]), [[], [], ['view/c', 'view/d'], []]],
    ['a case the recording runs disagreed on is left out: f named whether one fails or passes', stage([FAIL], [PASS], [PASS], [FAIL, ['e', 'f']]), [[], [], [], ['view/f']]],
    ['… but not the other cases: f is not named when two fails too', stage([PASS], [FAIL], [FAIL], [FAIL, ['e', 'f']]), [[], [], [], []]],
    ['a skipped case is not compared', stage([FAIL, ['a', 'b']], [SKIP], [PASS], [PASS]), [['view/a', 'view/b'], [], [], []]],
    ['a case cut short is not compared', stage([FAIL, ['a', 'b']], [CUT_SHORT], [PASS], [PASS]), [['view/a', 'view/b'], [], [], []]],
    ['a private case is not compared', [result('one', FAIL, ['a', 'b']), result('two', FAIL, [], { private: true }), result('three', PASS), result('four', PASS)], [['view/a', 'view/b'], [], [], []]],
    ['with --case only some cases ran: compared on those (two alone: a)', [result('two', FAIL, ['a'])], [['view/a']]],
    ['with --case only some cases ran: compared on those (one alone: a and b)', [result('one', FAIL, ['a', 'b'])], [['view/a', 'view/b']]],
  ])('%s', (_what, results, expected) => {
    expect(named(consistentKnown(results, table, 'view'))).toEqual(expected);
  });

  it('leaves the results as they are without a library or a known mistake', () => {
    const results = stage([FAIL, ['b']], [PASS], [PASS], [PASS]);
    expect(consistentKnown(results, undefined, 'view')).toBe(results);
    const none = stage([FAIL], [PASS], [PASS], [PASS]);
    expect(consistentKnown(none, table, 'view')).toBe(none);
  });

  it('drops the known field of a result whose every mistake is dropped, and keeps a result whose every mistake holds', () => {
    const results = stage([FAIL, ['a', 'b']], [PASS], [PASS], [PASS]);
    const [first] = consistentKnown([results[0] as CaseResult, result('two', FAIL), result('three', PASS)], table, 'view');
    expect(first).not.toHaveProperty('known');
    const [kept] = consistentKnown([result('three', FAIL, ['c', 'd'])], table, 'view');
    expect(kept?.known?.map((k) => k.id)).toEqual(['view/c', 'view/d']);
  });

  it('names no mistake the table does not hold', () => {
    expect(named(consistentKnown([result('one', FAIL, ['gone'])], table, 'view'))).toEqual([[]]);
  });
});
