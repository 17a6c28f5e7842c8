// Mistake: echo trims the text it hands back
// Replaces: reference/tools/echo.ts
// Path: ^results\[\d+\]\.content$
// Note: trimmed|newline|whitespace
export * from '../../../reference/tools/echo.ts';
import { echo as reference } from '../../../reference/tools/echo.ts';

// The reference echo on the trimmed text (the mistake).
export function echo(text: unknown) {
  return reference(typeof text === 'string' ? text.trim() : text);
}
