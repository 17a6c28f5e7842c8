// Mistake: only the primitive names are routed; Claude Code's names are unknown tools
// Replaces: reference/execute.ts
// Path: ^results\[\d+\]\.(content|is_error)$
// Note: Claude Code's names
export * from '../../../reference/execute.ts';
import { makeExecute as reference } from '../../../reference/execute.ts';
import type { Tools } from '../../../reference/tools.ts';

const CLAUDE_NAMES = new Set(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash']);

// The reference dispatcher without Claude Code's names (the mistake).
export function makeExecute(tools: Tools) {
  const execute = reference(tools);
  return async (name: string, input: unknown) => (CLAUDE_NAMES.has(name) ? { content: `unknown tool: ${name}`, is_error: true } : execute(name, input));
}
