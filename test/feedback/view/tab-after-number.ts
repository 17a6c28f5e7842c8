// Mistake: a tab after the line number instead of ": "
// Replaces: reference/lines.ts
// Path: ^results\[\d+\]\.content$
// Note: a colon and one space|"<n>: <text>"
export * from '../../../reference/lines.ts';

// Numbered lines with a tab separator (the mistake).
export function numberLines(segments: string[], first: number): string {
  return segments.map((segment, index) => `${first + index}\t${segment}`).join('');
}
