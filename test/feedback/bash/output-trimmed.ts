// Mistake: the command's output is trimmed
// Replaces: reference/tools/bash.ts
// Path: ^results\[\d+\]\.content$
// Note: trimmed|final newline|whitespace
export * from '../../../reference/tools/bash.ts';
import { bash as reference } from '../../../reference/tools/bash.ts';

// The reference bash with its text trimmed (the mistake).
export async function bash(root: string, command: unknown, timeout: unknown) {
  const result = (await reference(root, command, timeout)) as { content: unknown };
  return typeof result.content === 'string' ? { ...result, content: result.content.trim() } : result;
}
