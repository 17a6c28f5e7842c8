// Mistake: "Error: file not found: x" instead of "Error: File not found: x"
// Replaces: reference/tools/view.ts
// Path: ^results\[\d+\]\.content$
// Note: upper/lower case|File not found
export * from '../../../reference/tools/view.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { view as reference } from '../../../reference/tools/view.ts';

// The reference view with the wording lower-cased (the mistake).
export async function view(sandbox: Sandbox, path: unknown, viewRange: unknown) {
  const result = await reference(sandbox, path, viewRange);
  return { ...result, content: result.content.replace('File not found', 'file not found') };
}
