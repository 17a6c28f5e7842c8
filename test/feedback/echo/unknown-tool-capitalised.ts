// Mistake: "Unknown tool: x" instead of "unknown tool: x"
// Replaces: reference/execute.ts
// Path: ^results\[\d+\]\.content$
// Note: upper/lower case|unknown tool: <name>
export * from '../../../reference/execute.ts';
import { makeExecute as reference } from '../../../reference/execute.ts';
import type { Tools } from '../../../reference/tools.ts';

// The reference dispatcher with the unknown-tool message capitalised (the mistake).
export function makeExecute(tools: Tools) {
  const execute = reference(tools);
  return async (name: string, input: unknown) => {
    const result = (await execute(name, input)) as { content: string; is_error?: boolean };
    return result.content.startsWith('unknown tool: ') ? { ...result, content: `U${result.content.slice(1)}` } : result;
  };
}
