// Mutant: a text that is not a string is turned into one with String(), so 42 echoes "42" instead of the type error.
// Replaces: reference/tools/echo.ts
// Caught by: text-not-a-string
import type { ToolOutput } from '../../../reference/types.ts';
import { Failure } from '../../../reference/failure.ts';
import { success } from '../../../reference/results.ts';
import { requireString } from '../../../reference/params.ts';

// Hands the text straight back: the smallest tool, for checking the round trip.
export async function echo(text: unknown): Promise<ToolOutput> {
  const value = requireString('text', text === undefined || text === null ? text : String(text));
  return value instanceof Failure ? value.toOutput() : success(value);
}
