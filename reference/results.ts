import type { ToolOutput } from './types.ts';

// A successful result: `{content}` and nothing else.
export function success(content: string): ToolOutput {
  return { content };
}

// An error result: `{content, is_error: true}`.
export function failure(content: string): ToolOutput {
  return { content, is_error: true };
}
