// Mutant: a text of another type is converted with String() and echoed instead of refused.
// Replaces: reference/tools/echo.ts
// Caught by: text-not-a-string
import type { ToolOutput } from '../../../reference/types.ts';
import { Failure } from '../../../reference/failure.ts';
import { success } from '../../../reference/results.ts';
import { requireString } from '../../../reference/params.ts';

// Hands the text straight back: the smallest tool, for checking the round trip.
export async function echo(text: unknown): Promise<ToolOutput> {
  const value = requireString('text', typeof text === 'number' || typeof text === 'boolean' ? String(text) : text);
  return value instanceof Failure ? value.toOutput() : success(value);
}
