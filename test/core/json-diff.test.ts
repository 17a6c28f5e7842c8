import { describe, expect, it } from 'vitest';
import { jsonDiff } from '../../grader/core/json-diff.ts';
import { describeMismatch } from '../../grader/core/describe.ts';

describe('jsonDiff', () => {
  const table: [string, unknown, unknown, string[]][] = [
    ['equal documents', { results: [{ content: '1: A' }] }, { results: [{ content: '1: A' }] }, []],
    ['key order does not matter', { a: 1, b: 2 }, { b: 2, a: 1 }, []],
    ['a differing string names its path', { results: [{ content: 'hi\n' }, { content: 'x' }] }, { results: [{ content: 'hi\n' }, { content: 'hi' }] }, ['results[1].content: expected "x", received "hi"']],
    ['a missing key', { results: [{ content: 'x', is_error: true }] }, { results: [{ content: 'x' }] }, ['results[0].is_error: missing, expected true']],
    ['an extra key', { results: [{ content: 'x' }] }, { results: [{ content: 'x', is_error: true }] }, ['results[0].is_error: not expected, received true']],
    ['a shorter array', { results: [1, 2] }, { results: [1] }, ['results[1]: missing, expected 2']],
    ['a longer array', { results: [1] }, { results: [1, 2] }, ['results[1]: not expected, received 2']],
    ['a type change', { results: [] }, { results: {} }, ['results: expected [], received {}']],
    ['the whole document', { results: [] }, [], ['stdout: expected {"results":[]}, received []']],
    ['an odd key is quoted', { 'a b': 1 }, { 'a b': 2 }, ['["a b"]: expected 1, received 2']],
    ['null versus missing', { a: null }, {}, ['a: missing, expected null']],
    ['numbers compare exactly', { n: 1 }, { n: 1.0000001 }, ['n: expected 1, received 1.0000001']],
  ];
  it.each(table)('%s', (_, expected, received, lines) => {
    expect(jsonDiff(expected, received).map(describeMismatch)).toEqual(lines);
  });
});

describe('jsonDiff with matchers', () => {
  const table: [string, unknown, unknown, number][] = [
    ['$regex matches', { content: { $regex: '^Error: ' } }, { content: 'Error: nope' }, 0],
    ['$regex fails', { content: { $regex: '^Error: ' } }, { content: 'fine' }, 1],
    ['$regex needs a string', { content: { $regex: '1' } }, { content: 1 }, 1],
    ['$any string', { id: { $any: 'string' } }, { id: 'call-1' }, 0],
    ['$any string rejects numbers', { id: { $any: 'string' } }, { id: 1 }, 1],
    ['$any number takes integers', { ms: { $any: 'number' } }, { ms: 3 }, 0],
    ['$any integer rejects fractions', { n: { $any: 'integer' } }, { n: 1.5 }, 1],
    ['$any any needs the key', { x: { $any: 'any' } }, {}, 1],
    ['a two-key object is not a matcher', { x: { $any: 'any', y: 1 } }, { x: { $any: 'any', y: 1 } }, 0],
  ];
  it.each(table)('%s', (_, expected, received, count) => {
    expect(jsonDiff(expected, received)).toHaveLength(count);
  });

  it('describes a failed matcher in words', () => {
    expect(jsonDiff({ c: { $regex: '^a' } }, { c: 'b' }).map(describeMismatch)).toEqual(['c: expected a string matching /^a/, received "b"']);
  });
});
