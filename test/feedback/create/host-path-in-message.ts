// Mistake: the success message names the host path of the file instead of the path as given
// Replaces: reference/tools/create.ts
// Path: ^results\[\d+\]\.content$
// Note: as given|path|extra beginning
export * from '../../../reference/tools/create.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { create as reference } from '../../../reference/tools/create.ts';

// The reference create with the sandbox's host root put before the path in its message (the mistake).
export async function create(sandbox: Sandbox, path: unknown, fileText: unknown) {
  const result = await reference(sandbox, path, fileText);
  return result.content.startsWith('File created successfully at: ') ? { ...result, content: result.content.replace(': ', `: ${sandbox.root}/`) } : result;
}
