// Mistake: "Error: unknown tool: x", a prefix the message does not have
// Replaces: reference/execute.ts
// Path: ^results\[\d+\]\.content$
// Note: extra beginning "Error: "|no "Error: " prefix
export * from '../../../reference/execute.ts';
import { makeExecute as reference } from '../../../reference/execute.ts';
import type { Tools } from '../../../reference/tools.ts';

// The reference dispatcher with "Error: " before the unknown-tool message (the mistake).
export function makeExecute(tools: Tools) {
  const execute = reference(tools);
  return async (name: string, input: unknown) => {
    const result = (await execute(name, input)) as { content: string; is_error?: boolean };
    return result.content.startsWith('unknown tool: ') ? { ...result, content: `Error: ${result.content}` } : result;
  };
}
