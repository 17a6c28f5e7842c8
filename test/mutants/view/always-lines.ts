// Mutant: the line count always says "lines", so a one-line file "has 1 lines".
// Replaces: reference/lines.ts
// Caught by: range-past-a-one-line-file
// The line model shared by view, insert and grep: lines end at "\n"; a final "\n" starts no new
// line; "" has no lines; "\r" is part of the line's text.

// The lines of a text, each with its "\n" terminator kept (the last may have none).
export function lineSegments(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
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
  return `${n} lines`;
}
