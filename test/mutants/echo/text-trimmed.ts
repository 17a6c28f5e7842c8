// Mutant: the text is trimmed before it is handed back, so surrounding spaces and line breaks are lost.
// Replaces: reference/tools/echo.ts
// Caught by: newlines-and-unicode
import type { ToolOutput } from '../../../reference/types.ts';
import { Failure } from '../../../reference/failure.ts';
import { success } from '../../../reference/results.ts';
import { requireString } from '../../../reference/params.ts';

// Hands the text straight back: the smallest tool, for checking the round trip.
export async function echo(text: unknown): Promise<ToolOutput> {
  const value = requireString('text', text);
  return value instanceof Failure ? value.toOutput() : success(value.trim());
}
