// Mutant: a success carries `"is_error": false` beside its content.
// Replaces: reference/results.ts
// Caught by: roundtrip
import type { ToolOutput } from '../../../reference/types.ts';

// A successful result: `{content}` and nothing else.
export function success(content: string): ToolOutput {
  return { content, is_error: false } as unknown as ToolOutput;
}

// An error result: `{content, is_error: true}`.
export function failure(content: string): ToolOutput {
  return { content, is_error: true };
}
