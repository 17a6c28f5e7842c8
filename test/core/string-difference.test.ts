import { describe, expect, it } from 'vitest';
import { describeStringDifference, isLongStringPair } from '../../grader/core/string-difference.ts';
import { displayWidth } from '../../grader/core/display-width.ts';

const at = (expected: string, received: string) => describeStringDifference('results[0].content', expected, received);

describe('describeStringDifference', () => {
  it('puts a caret under the first differing character of a long line', () => {
    const expected = 'Error: No match found for replacement. Please check your text and try again.';
    expect(at(expected, expected.slice(0, -1))).toEqual([
      'results[0].content: the strings differ at line 1, column 76 (expected 1 line, 76 chars; received 1 line, 75 chars)',
      '  expected: …" check your text and try again."',
      '  received: …" check your text and try again" (ends here)',
      '                                            ^',
    ]);
  });

  it('names the line and column in a multi-line text and escapes what it shows', () => {
    expect(at('1: a\n2: b\tc\n3: c\n', '1: a\n2: b c\n3: c\n')).toEqual([
      'results[0].content: the strings differ at line 2, column 5 (expected 3 lines, 17 chars; received 3 lines, 17 chars)',
      '  expected: "2: b\\tc\\n"',
      '  received: "2: b c\\n"',
      '                 ^',
    ]);
  });

  it('keeps the caret in place after wide and combining characters', () => {
    const lines = at('日本語 é — ok then, all of it', '日本語 é — OK then, all of it');
    expect(lines[0]).toContain('line 1, column 9');
    const received = lines[2] as string;
    const caret = (lines[3] as string).indexOf('^');
    const before = received.slice(0, received.indexOf('OK'));
    expect(caret).toBe(displayWidth(before));
  });

  it('shows a missing line as the missing text', () => {
    expect(at('1: a\n2: b\n3: c\n', '1: a\n3: c\n')).toEqual([
      'results[0].content: line 2 is missing (expected 3 lines, 15 chars; received 2 lines, 10 chars)',
      '  missing:  "2: b\\n"',
    ]);
  });

  it('shows missing last lines and extra lines', () => {
    expect(at('1: a\n2: b\n', '1: a\n')[1]).toBe('  missing:  "2: b\\n"');
    expect(at('a\nb\n', 'a\nx\ny\nb\n')).toEqual([
      'results[0].content: lines 2–3 are not expected (expected 2 lines, 4 chars; received 4 lines, 8 chars)',
      '  extra:    "x\\n"',
      '  extra:    "y\\n"',
    ]);
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
