// Where two long or multi-line strings first differ, shown as the one line of each that differs.

const SHORT_CHARS = 80;
const WINDOW_CHARS = 70;

function lineCount(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

// Whether a pair of strings is better shown as "where they differ" than as two whole values.
export function isLongStringPair(expected: string, received: string): boolean {
  return Math.max(expected.length, received.length) > SHORT_CHARS || lineCount(expected) > 1 || lineCount(received) > 1;
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

// The line (with its "\n") that holds a position, cut to a window around it when long.
function lineAround(text: string, position: number): string {
  const start = text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  const line = text.slice(start, newline === -1 ? text.length : newline + 1);
  const column = position - start;
  if (line.length <= WINDOW_CHARS) return JSON.stringify(line);
  const from = Math.max(0, column - WINDOW_CHARS / 2);
  const cut = line.slice(from, from + WINDOW_CHARS);
  return `${from > 0 ? '…' : ''}${JSON.stringify(cut)}${from + WINDOW_CHARS < line.length ? '…' : ''}`;
}

// Lines describing where two strings first differ: the line and column, then that line of each.
export function describeStringDifference(where: string, expected: string, received: string): string[] {
  const at = firstDifference(expected, received);
  const before = expected.slice(0, at);
  const line = before.split('\n').length;
  const column = at - (before.lastIndexOf('\n') + 1) + 1;
  const size = (text: string) => `${lineCount(text)} ${lineCount(text) === 1 ? 'line' : 'lines'}, ${text.length} chars`;
  const counts = `expected ${size(expected)}; received ${size(received)}`;
  const show = (text: string) => (at >= text.length && text.length > 0 && at > 0 ? `${lineAround(text, text.length - 1)} (ends here)` : lineAround(text, at));
  return [
    `${where}: the strings differ at line ${line}, column ${column} (${counts})`,
    `  expected: ${show(expected)}`,
    `  received: ${show(received)}`,
  ];
}
