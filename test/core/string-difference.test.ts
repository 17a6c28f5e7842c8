import { describe, expect, it } from 'vitest';
import { describeStringDifference, isLongStringPair } from '../../grader/judge/core/string-difference.ts';
import { displayWidth } from '../../grader/text/core/display-width.ts';

const at = (expected: string, received: string) => describeStringDifference('results[0].content', expected, received);

describe('describeStringDifference', () => {
  it('shows a line under 120 characters whole, with a caret under the first difference', () => {
    const expected = 'Error: No match found for replacement. Please check your text and try again.';
    expect(at(expected, expected.slice(0, -1))).toEqual([
      'results[0].content: the strings differ at line 1, column 76 (expected 1 line, 76 chars; received 1 line, 75 chars)',
      `  expected: "${expected}"`,
      `  received: "${expected.slice(0, -1)}" (ends here)`,
      `${' '.repeat(13 + 75)}^`,
    ]);
  });

  it('shows a short multi-line text whole and escaped, the caret on the escaped line', () => {
    expect(at('1: a\n2: b\tc\n3: c\n', '1: a\n2: b c\n3: c\n')).toEqual([
      'results[0].content: the strings differ at line 2, column 5 (expected 3 lines, 17 chars; received 3 lines, 17 chars)',
      '  expected: "1: a\\n2: b\\tc\\n3: c\\n"',
      '  received: "1: a\\n2: b c\\n3: c\\n"',
      '                       ^',
    ]);
  });

  it('shows a short text with a line less whole on both sides', () => {
    expect(at('a.txt\npipe', 'a.txt\n')).toEqual([
      'results[0].content: line 2 is missing (expected 2 lines, 10 chars; received 1 line, 6 chars)',
      '  expected: "a.txt\\npipe"',
      '  received: "a.txt\\n" (ends here)',
      '                    ^',
    ]);
    expect(at('1: a\n2: b\n3: c\n', '1: a\n3: c\n')[0]).toBe('results[0].content: line 2 is missing (expected 3 lines, 15 chars; received 2 lines, 10 chars)');
  });

  it('shows a short side whole beside a long side cut at the difference', () => {
    const expected = "ValidationError: 'greeting' is a required property (path: greeting)";
    const received = `MCP error -32602: Input validation error: ${'x'.repeat(100)}`;
    const lines = at(expected, received);
    expect(lines[1]).toBe(`  expected: "${expected}"`);
    expect(lines[2]).toBe(`  received: "${received.slice(0, 40)}"…`);
  });

  it('keeps the caret in place after wide and combining characters', () => {
    const lines = at('日本語 é — ok then, all of it', '日本語 é — OK then, all of it');
    expect(lines[0]).toContain('line 1, column 9');
    const received = lines[2] as string;
    const caret = (lines[3] as string).indexOf('^');
    const before = received.slice(0, received.indexOf('OK'));
    expect(caret).toBe(displayWidth(before));
  });

  it('quotes missing or extra whole lines of a long text', () => {
    const body = Array.from({ length: 12 }, (_, i) => `${i + 1}: line number ${i + 1}\n`);
    expect(at(body.join(''), [...body.slice(0, 3), ...body.slice(4)].join(''))).toEqual([
      'results[0].content: line 4 is missing (expected 12 lines, 210 chars; received 11 lines, 193 chars)',
      '  missing:  "4: line number 4\\n"',
    ]);
    const extra = at(body.join(''), [...body.slice(0, 2), 'x\n', 'y\n', ...body.slice(2)].join(''));
    expect(extra.slice(1)).toEqual(['  extra:    "x\\n"', '  extra:    "y\\n"']);
    expect(extra[0]).toMatch(/^results\[0\]\.content: lines 3–4 are not expected/);
  });

  it('cuts a long line on both sides of the difference', () => {
    const lines = at(`${'x'.repeat(100)}A${'y'.repeat(100)}`, `${'x'.repeat(100)}B${'y'.repeat(100)}`);
    expect(lines[1]).toBe(`  expected: …"${'x'.repeat(30)}A${'y'.repeat(39)}"…`);
    expect((lines[3] as string).indexOf('^')).toBe((lines[2] as string).indexOf('B'));
  });
});

describe('isLongStringPair', () => {
  it.each<[string, string, string, boolean]>([
    ['short lines side by side', 'hi\n', 'hi', false],
    ['different lines of some length side by side', 'File created successfully at: a.txt', 'unknown tool: Write', false],
    ['lines that start alike get the caret', 'Error: File not found: notes.txt', 'Error: file not found: notes.txt', true],
    ['long lines get the caret', 'x'.repeat(81), 'y', true],
    ['multi-line texts get the caret', 'a\nb', 'a', true],
  ])('%s', (_, expected, received, isLong) => {
    expect(isLongStringPair(expected, received)).toBe(isLong);
  });
});
