import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { charWidth, displayWidth, NARROW_SYMBOLS } from '../../grader/text/core/display-width.ts';
import { describeStringDifference } from '../../grader/judge/core/string-difference.ts';

describe('displayWidth', () => {
  it.each([
    ['abc', 3],
    ['✅', 2],
    ['👍🏽', 2],
    ['👨‍👩‍👧', 2],
    ['日本語', 6],
    ['é', 1],
    ['e\u0301', 1],
    ['\u001b[31mred\u001b[39m', 3],
  ])('%j takes %i columns', (text, columns) => {
    expect(displayWidth(text)).toBe(columns);
  });

  it('counts a combining mark as no column', () => {
    expect(charWidth('\u0301')).toBe(0);
  });
});

describe('the narrow symbols counted without string-width', () => {
  const segments = (text: string) => [...new Intl.Segmenter().segment(text)].map((s) => s.segment);

  it.each([...NARROW_SYMBOLS])('%s takes one column and never joins a neighbour', (ch) => {
    expect(stringWidth(ch)).toBe(1);
    expect(ch.length).toBe(1);
    expect(segments(`a${ch}${ch}\u00e9${ch}b`)).toEqual(['a', ch, ch, '\u00e9', ch, 'b']);
  });

  it.each([
    '✓ echo › roundtrip 12 ms',
    '\u001b[32m✓\u001b[39m done — 3 of 3 · ok…',
    '┌──┬──┐ │ → ← ↑ ↓ × ▸ • – ┼┴┤├┘└┐',
    '✓ ✅ mixed with an emoji',
    '✓ 日本語',
    'e\u0301 ✓',
    '\u001b]8;;x\u0007link\u001b]8;;\u0007 ✓',
  ])('%j is as wide as string-width says', (text) => {
    expect(displayWidth(text)).toBe(stringWidth(text));
  });
});

describe('the caret under a string difference', () => {
  it.each([
    ['✅ done: all checks passed, ok', '✅ done: all checks passed, OK'],
    ['日本語のテキスト and then, pass', '日本語のテキスト and then, PASS'],
    ['🚀🚀🚀 launched into orbit: ok', '🚀🚀🚀 launched into orbit: OK'],
  ])('lands under the first differing character after wide characters: %s', (expected, received) => {
    const lines = describeStringDifference('results[0].content', expected, received);
    const shown = lines.at(-2) as string;
    const caret = (lines.at(-1) as string).indexOf('^');
    const differs = [...expected].findIndex((ch, i) => ch !== [...received][i]);
    const before = shown.slice(0, shown.indexOf([...received][differs] as string, shown.indexOf('"')));
    expect(caret).toBe(displayWidth(before));
    // The wide characters are in the excerpt, so a count of characters would put the caret too far left.
    expect(caret).toBeGreaterThan([...before].length);
  });
});
