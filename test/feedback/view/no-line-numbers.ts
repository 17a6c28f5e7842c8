// Mistake: the lines are returned without their "N: " prefixes
// Replaces: reference/lines.ts
// Path: ^results\[\d+\]\.content$
// Note: line-number prefix
export * from '../../../reference/lines.ts';

// The lines as they are, unnumbered (the mistake).
export function numberLines(segments: string[], _first: number): string {
  return segments.join('');
}
