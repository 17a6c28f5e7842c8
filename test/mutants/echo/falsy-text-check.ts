// Mutant: `!text` instead of a check for absence, so an empty text is "required".
// Replaces: reference/tools/echo.ts
// Caught by: empty-text
import type { ToolOutput } from '../../../reference/types.ts';
import { Failure } from '../../../reference/failure.ts';
import { success } from '../../../reference/results.ts';
import { requireString } from '../../../reference/params.ts';

// Hands the text straight back: the smallest tool, for checking the round trip.
export async function echo(text: unknown): Promise<ToolOutput> {
  const value = requireString('text', text || undefined);
  return value instanceof Failure ? value.toOutput() : success(value);
}
