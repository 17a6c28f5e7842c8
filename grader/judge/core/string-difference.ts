// Where two strings first differ: the line and column, an excerpt of each with a caret under the first differing
// character, or the whole lines one of them lacks.
import { displayWidth, visibleChar } from '../../text/core/display-width.ts';

/** Strings up to this long (one line each) are shown side by side. */
const SHORT_CHARS = 24;
/** How many characters of context an excerpt shows before the first difference. */
const BEFORE_CHARS = 30;
/** How many characters an excerpt shows from the first difference on. */
const AFTER_CHARS = 40;
/** A string of at most this many characters is shown whole (escaped, on one line), never cut at the difference. */
export const WHOLE_CHARS = 120;
/** How many missing or extra lines are quoted. */
const MAX_QUOTED_LINES = 3;

function lineCount(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

// The lines of a text, each with its "\n" kept (the last may have none).
function lineSegments(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** Strings that start alike for this many characters differ late enough for the caret to help. */
const ALIKE_PREFIX_CHARS = 4;
/** Longer single lines always get the caret excerpt. */
const LONG_CHARS = 80;

// Whether a pair of strings is better shown as "where they differ" (a caret excerpt) than as two whole values: a
// multi-line text, a long line, or a line of some length that starts as the expected one does.
export function isLongStringPair(expected: string, received: string): boolean {
  if (lineCount(expected) > 1 || lineCount(received) > 1) return true;
  const longest = Math.max(expected.length, received.length);
  return longest > LONG_CHARS || (longest > SHORT_CHARS && firstDifference(expected, received) >= ALIKE_PREFIX_CHARS);
}

// The index of the first code point at which two strings differ (their common prefix length, in code units).
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // Never split a surrogate pair: step back to the start of the character.
  if (i > 0 && /[\uD800-\uDBFF]/.test(a[i - 1] ?? '')) i--;
  return i;
}

/** One excerpt line: the text as printed (escaped) and the display column of the first difference in it. */
type Excerpt = { text: string; caretColumn: number };

// The part of `text` around `at` on its line, escaped, with where the caret goes; `lineStart` is where both excerpts
// start. A short text is shown whole instead: every line, nothing cut.
function excerpt(text: string, lineStart: number, at: number): Excerpt {
  const whole = isShort(text);
  const before = Array.from(text.slice(whole ? 0 : lineStart, at));
  const cutBefore = !whole && before.length > BEFORE_CHARS;
  const shownBefore = (cutBefore ? before.slice(-BEFORE_CHARS) : before).map(visibleChar).join('');
  const newline = text.indexOf('\n', at);
  const rest = Array.from(text.slice(at, whole || newline === -1 ? text.length : newline + 1));
  const cutAfter = !whole && rest.length > AFTER_CHARS;
  const shownAfter = (cutAfter ? rest.slice(0, AFTER_CHARS) : rest).map(visibleChar).join('');
  // safe-text breaks "##[" (a CI workflow command) the same way later: measure what will be printed.
  const head = `${cutBefore ? '…' : ''}"${shownBefore}`.replace(/##\[/g, '#\\u0023[');
  const tail = `${shownAfter}"${cutAfter ? '…' : ''}${at >= text.length ? ' (ends here)' : ''}`;
  return { text: `${head}${tail}`, caretColumn: displayWidth(head) };
}

function isShort(text: string): boolean {
  return text.length <= WHOLE_CHARS || Array.from(text).length <= WHOLE_CHARS;
}

// The lines one string holds and the other lacks, when that is the whole difference: [where, lines, which side has them].
function wholeLines(expected: string, received: string): { index: number; lines: string[]; side: 'missing' | 'extra' } | undefined {
  const exp = lineSegments(expected);
  const rec = lineSegments(received);
  const [longer, shorter, side] = exp.length > rec.length ? [exp, rec, 'missing' as const] : [rec, exp, 'extra' as const];
  const k = longer.length - shorter.length;
  if (k === 0 || k > MAX_QUOTED_LINES) return undefined;
  let index = 0;
  while (index < shorter.length && longer[index] === shorter[index]) index++;
  const tailMatches = longer.slice(index + k).every((line, i) => line === shorter[index + i]);
  return tailMatches && longer.slice(index + k).length === shorter.length - index ? { index, lines: longer.slice(index, index + k), side } : undefined;
}

// "line 2 is missing", "lines 2–3 are not expected".
function linesLabel(lines: { index: number; lines: string[]; side: 'missing' | 'extra' }): string {
  const first = lines.index + 1;
  const span = lines.lines.length === 1 ? `line ${first}` : `lines ${first}–${first + lines.lines.length - 1}`;
  const verb = lines.lines.length === 1 ? 'is' : 'are';
  return lines.side === 'missing' ? `${span} ${verb} missing` : `${span} ${verb} not expected`;
}

function size(text: string): string {
  const n = lineCount(text);
  return `${n} ${n === 1 ? 'line' : 'lines'}, ${Array.from(text).length} chars`;
}

// Lines describing where two strings differ: whole lines one side lacks, else the first differing character with a caret.
export function describeStringDifference(where: string, expected: string, received: string): string[] {
  const counts = `expected ${size(expected)}; received ${size(received)}`;
  const lines = lineCount(expected) > 1 || lineCount(received) > 1 ? wholeLines(expected, received) : undefined;
  const bothShort = isShort(expected) && isShort(received);
  if (lines && !bothShort) {
    const label = linesLabel(lines);
    const quote = lines.side === 'missing' ? '  missing:  ' : '  extra:    ';
    return [`${where}: ${label} (${counts})`, ...lines.lines.map((l) => `${quote}${excerpt(l, 0, 0).text}`)];
  }
  const at = firstDifference(expected, received);
  const before = expected.slice(0, at);
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  const column = Array.from(expected.slice(lineStart, at)).length + 1;
  const exp = excerpt(expected, lineStart, at);
  const rec = excerpt(received, lineStart, at);
  const label = '  received: ';
  const heading = lines ? linesLabel(lines) : `the strings differ at line ${line}, column ${column}`;
  return [
    `${where}: ${heading} (${counts})`,
    `  expected: ${exp.text}`,
    `${label}${rec.text}`,
    `${' '.repeat(label.length + rec.caretColumn)}^`,
  ];
}
