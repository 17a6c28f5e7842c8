// Mistake: the numbered lines are joined with "\n", so the file's final newline is lost
// Replaces: reference/lines.ts
// Path: ^results\[\d+\]\.content$
// Note: final newline
export * from '../../../reference/lines.ts';

// Numbered lines without their terminators, joined by "\n" (the mistake).
export function numberLines(segments: string[], first: number): string {
  return segments.map((segment, index) => `${first + index}: ${segment.replace(/\n$/, '')}`).join('\n');
}
