import type { ToolOutput } from '../types.ts';
import { Failure } from '../failure.ts';
import { success } from '../results.ts';
import { requireString } from '../params.ts';

// Hands the text straight back: the smallest tool, for checking the round trip.
export async function echo(text: unknown): Promise<ToolOutput> {
  const value = requireString('text', text);
  return value instanceof Failure ? value.toOutput() : success(value);
}
