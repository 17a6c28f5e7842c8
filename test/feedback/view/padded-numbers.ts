// Mistake: line numbers right-aligned in six columns, as `cat -n` does
// Replaces: reference/lines.ts
// Path: ^results\[\d+\]\.content$
// Note: unpadded|extra (a )?prefix|extra beginning
export * from '../../../reference/lines.ts';

// Numbered lines with padded numbers (the mistake).
export function numberLines(segments: string[], first: number): string {
  return segments.map((segment, index) => `${String(first + index).padStart(6)}: ${segment}`).join('');
}
