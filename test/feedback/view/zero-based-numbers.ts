// Mistake: line numbers counted from 0
// Replaces: reference/lines.ts
// Path: ^results\[\d+\]\.content$
// Note: off by one|start at 1
export * from '../../../reference/lines.ts';
import { numberLines as reference } from '../../../reference/lines.ts';

// The reference numbering, one lower (the mistake).
export function numberLines(segments: string[], first: number): string {
  return reference(segments, first - 1);
}
