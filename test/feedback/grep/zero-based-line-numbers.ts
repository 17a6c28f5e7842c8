// Mistake: line numbers counted from 0 ("a.txt:0:x" for the first line)
// Replaces: reference/tools/grep.ts
// Path: ^results\[\d+\]\.content$
// Note: off by one|counting from 0
export * from '../../../reference/tools/grep.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { grep as reference } from '../../../reference/tools/grep.ts';

// The reference grep with every hit's line number one less (the mistake).
export async function grep(sandbox: Sandbox, pattern: unknown, path: unknown, glob: unknown) {
  const result = await reference(sandbox, pattern, path, glob);
  if ('is_error' in result && result.is_error) return result;
  return { ...result, content: result.content.replace(/^(.*?):(\d+):/gm, (_, file: string, n: string) => `${file}:${Number(n) - 1}:`) };
}
