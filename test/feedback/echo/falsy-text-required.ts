// Mistake: an empty text counts as missing (`!text`)
// Replaces: reference/tools/echo.ts
// Path: ^results\[\d+\]\.(content|is_error)$
// Note: empty string is a valid text|not falsiness
export * from '../../../reference/tools/echo.ts';
import { echo as reference } from '../../../reference/tools/echo.ts';

// The reference echo, with "" treated as absent (the mistake).
export function echo(text: unknown) {
  return reference(text === '' ? undefined : text);
}
