// Mutant: lines are cut with split("\n") and numbered without their terminators, joined by "\n": a final newline turns into an empty numbered line.
// Replaces: reference/lines.ts
// Caught by: final-newline-kept
// The line model shared by view, insert and grep: lines end at "\n"; a final "\n" starts no new
// line; "" has no lines; "\r" is part of the line's text.

// The lines of a text, each with its "\n" terminator kept (the last may have none).
export function lineSegments(text: string): string[] {
  return text === '' ? [] : text.split('\n').map((line, i, all) => (i < all.length - 1 ? `${line}\n` : line));
}

// The lines of a text without their terminators.
export function splitLines(text: string): string[] {
  return lineSegments(text).map((segment) => (segment.endsWith('\n') ? segment.slice(0, -1) : segment));
}

// The segments with "N: " in front of each, numbered from `first`, otherwise unchanged.
export function numberLines(segments: string[], first: number): string {
  return segments.map((segment, index) => `${first + index}: ${segment}`).join('');
}

// "1 line", "0 lines", "3 lines": a line count as error messages say it.
export function lineCount(n: number): string {
  return `${n} ${n === 1 ? 'line' : 'lines'}`;
}
