import { describe, expect, it } from 'vitest';
import { lineSegments, numberLines, splitLines } from '../../reference/lines.ts';
import { insertLines } from '../../reference/tools/insert.ts';
import { countOccurrences } from '../../reference/tools/str-replace.ts';
import { byCodeUnit } from '../../reference/code-unit-order.ts';

describe('lineSegments / splitLines', () => {
  it.each([
    { text: '', segments: [], lines: [] },
    { text: 'A', segments: ['A'], lines: ['A'] },
    { text: 'A\n', segments: ['A\n'], lines: ['A'] },
    { text: 'A\nB', segments: ['A\n', 'B'], lines: ['A', 'B'] },
    { text: 'A\nB\n', segments: ['A\n', 'B\n'], lines: ['A', 'B'] },
    { text: '\n', segments: ['\n'], lines: [''] },
    { text: '\n\n', segments: ['\n', '\n'], lines: ['', ''] },
    { text: 'A\r\nB\r\n', segments: ['A\r\n', 'B\r\n'], lines: ['A\r', 'B\r'] },
  ])('$text', ({ text, segments, lines }) => {
    expect(lineSegments(text)).toEqual(segments);
    expect(splitLines(text)).toEqual(lines);
  });
});

describe('numberLines', () => {
  it.each([
    { text: 'A', first: 1, expected: '1: A' },
    { text: 'A\nB\n', first: 1, expected: '1: A\n2: B\n' },
    { text: '', first: 1, expected: '' },
    { text: 'x\ny', first: 9, expected: '9: x\n10: y' },
  ])('$text from $first', ({ text, first, expected }) => {
    expect(numberLines(lineSegments(text), first)).toBe(expected);
  });
});

describe('insertLines', () => {
  it.each([
    { original: 'A\nB\n', after: 0, text: 'X', expected: 'X\nA\nB\n' },
    { original: 'A\nB\n', after: 1, text: 'X', expected: 'A\nX\nB\n' },
    { original: 'A\nB\n', after: 2, text: 'X', expected: 'A\nB\nX\n' },
    { original: 'A\nB', after: 2, text: 'X', expected: 'A\nB\nX' },
    { original: 'A\nB\n', after: 1, text: 'X\n', expected: 'A\nX\nB\n' },
    { original: 'A\nB\n', after: 1, text: '', expected: 'A\n\nB\n' },
    { original: 'A\nB\n', after: 1, text: 'X\nY', expected: 'A\nX\nY\nB\n' },
    { original: '', after: 0, text: 'X', expected: 'X' },
    { original: '', after: 0, text: 'X\n', expected: 'X' },
    { original: 'A\r\nB\r\n', after: 1, text: 'X', expected: 'A\r\nX\nB\r\n' },
  ])('$original + $text after $after', ({ original, after, text, expected }) => {
    expect(insertLines(original, after, text)).toBe(expected);
  });
});

describe('countOccurrences', () => {
  it.each([
    { text: 'abc', needle: 'x', count: 0 },
    { text: 'abc', needle: 'b', count: 1 },
    { text: 'aaa', needle: 'aa', count: 1 },
    { text: 'aaaa', needle: 'aa', count: 2 },
    { text: 'a.a.a', needle: 'a', count: 3 },
  ])('$needle in $text', ({ text, needle, count }) => {
    expect(countOccurrences(text, needle)).toBe(count);
  });
});

describe('byCodeUnit', () => {
  it('puts upper case before lower case and "." before "/"', () => {
    expect(['b', 'a/', 'B', 'a.txt', '_', 'Z'].sort(byCodeUnit)).toEqual(['B', 'Z', '_', 'a.txt', 'a/', 'b']);
  });
});
