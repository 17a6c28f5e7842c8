import { describe, expect, it } from 'vitest';
import { keepTogether, namesWithin, wrapText } from '../../grader/text/core/wrap-text.ts';
import { tableLines } from '../../grader/text/core/text-table.ts';

const plain = { strong: (s: string) => s, dim: (s: string) => s };

describe('wrapText', () => {
  it.each<[string, string, number, string, string, string[]]>([
    ['at spaces, under a hanging indent', 'one two three four five six', 20, '* ', '  ', ['* one two three four', '  five six']],
    ['a label wider than the indent keeps the whole first line', 'alpha beta gamma delta epsilon', 26, 'hint: ', '      ', ['hint: alpha beta gamma', '      delta epsilon']],
    ['a kept-together run moves whole to the next line', `see ${keepTogether('tools.view(path, range)')} now`, 24, '', '', ['see', 'tools.view(path, range)', 'now']],
    ['a kept-together run wider than the line breaks at its spaces', keepTogether('a b c d e f g h i j k l m n o p q r s'), 20, '', '', ['a b c d e f g h i j', 'k l m n o p q r s']],
    ['a long JSON value is cut after commas', '{"a":"xxxxxxxx","b":"yyyyyyyy","c":"zzzzzzzz"}', 24, '', '', ['{"a":"xxxxxxxx",', '"b":"yyyyyyyy",', '"c":"zzzzzzzz"}']],
    ['emoji take two columns', '✅ ✅ ✅ ✅ ✅ ✅ ✅ ✅', 16, '', '', ['✅ ✅ ✅ ✅ ✅', '✅ ✅ ✅']],
    ['colours take none and are closed at line ends', '\u001b[33mab cd ef gh ij kl mn op\u001b[39m', 16, '', '', ['\u001b[33mab cd ef gh ij\u001b[39m', '\u001b[33mkl mn op\u001b[39m']],
  ])('%s', (_, text, width, first, rest, lines) => {
    expect(wrapText(text, width, first, rest)).toEqual(lines);
  });
});

describe('namesWithin', () => {
  const names = Array.from({ length: 30 }, (_, i) => `case name ${i}`);

  it('lists every name when they fit', () => {
    expect(namesWithin(names.slice(0, 3), 80, 3, 'failed: ', '  ')).toEqual(['failed: case name 0 · case name 1 · case name 2']);
  });

  it('cuts the list to the lines allowed and says how many are left', () => {
    const lines = namesWithin(names, 40, 2, 'failed: ', '  ');
    expect(lines).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/· … \d+ more$/);
    expect(lines.every((line) => line.length <= 40 && !/^\s*·/.test(line))).toBe(true);
  });
});

describe('tableLines', () => {
  it('draws a grid that fits the width', () => {
    const lines = tableLines(['name', 'method'], [['Read', 'tools.view(path)'], ['Write', 'tools.create(path, text)']], 40, plain);
    expect(lines).toEqual([
      '┌───────┬──────────────────────────┐',
      '│ name  │ method                   │',
      '├───────┼──────────────────────────┤',
      '│ Read  │ tools.view(path)         │',
      '│ Write │ tools.create(path, text) │',
      '└───────┴──────────────────────────┘',
    ]);
  });

  it('becomes one block per row when a column cannot hold its longest word', () => {
    expect(tableLines(['field', 'meaning'], [['view_range', 'lines to show']], 20, plain)).toEqual(['• field: view_range', '  meaning: lines to', '      show']);
  });
});
