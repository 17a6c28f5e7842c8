// Mistake: "Error: No match found." instead of the stage's whole message
// Replaces: reference/tools/str-replace.ts
// Path: ^results\[\d+\]\.content$
// Note: stops short|lacks the ending|Count the matches
export * from '../../../reference/tools/str-replace.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { strReplace as reference } from '../../../reference/tools/str-replace.ts';

// The reference str_replace with a shorter no-match message (the mistake).
export async function strReplace(sandbox: Sandbox, path: unknown, oldStr: unknown, newStr?: unknown) {
  const result = await reference(sandbox, path, oldStr, newStr);
  return result.content.startsWith('Error: No match found') ? { ...result, content: 'Error: No match found' } : result;
}
