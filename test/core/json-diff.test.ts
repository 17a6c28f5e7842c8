import { describe, expect, it } from 'vitest';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';
import { describeMismatch } from '../../grader/judge/core/describe.ts';

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

describe('long and multi-line strings', () => {
  it.each<[string, string, string, string[]]>([
    ['a changed middle line, shown whole (under 120 characters)', '1: a\n2: b\n3: c\n', '1: a\n2: B\n3: c\n', [
      'content: the strings differ at line 2, column 4 (expected 3 lines, 15 chars; received 3 lines, 15 chars)',
      '  expected: "1: a\\n2: b\\n3: c\\n"',
      '  received: "1: a\\n2: B\\n3: c\\n"',
      '                      ^',
    ]],
    ['a missing last line, both sides whole', '1: a\n2: b\n', '1: a\n', [
      'content: line 2 is missing (expected 2 lines, 10 chars; received 1 line, 5 chars)',
      '  expected: "1: a\\n2: b\\n"',
      '  received: "1: a\\n" (ends here)',
      '                   ^',
    ]],
    ['numbering missing on every line', 'line one\nline two', '1: line one\n2: line two', [
      'content: the strings differ at line 1, column 1 (expected 2 lines, 17 chars; received 2 lines, 23 chars)',
      '  expected: "line one\\nline two"',
      '  received: "1: line one\\n2: line two"',
      '             ^',
    ]],
    ['a long single line cut around the difference', `${'x'.repeat(100)}A${'y'.repeat(100)}`, `${'x'.repeat(100)}B${'y'.repeat(100)}`, [
      'content: the strings differ at line 1, column 101 (expected 1 line, 201 chars; received 1 line, 201 chars)',
      `  expected: …"${'x'.repeat(30)}A${'y'.repeat(39)}"…`,
      `  received: …"${'x'.repeat(30)}B${'y'.repeat(39)}"…`,
      `${' '.repeat(44)}^`,
    ]],
  ])('%s', (_, expected, received, lines) => {
    expect(jsonDiff({ content: expected }, { content: received }).map(describeMismatch).join('\n').split('\n')).toEqual(lines);
  });

  it('keeps short one-line strings side by side', () => {
    expect(jsonDiff({ content: 'hi\n' }, { content: 'hi' }).map(describeMismatch)).toEqual(['content: expected "hi\\n", received "hi"']);
  });
});
