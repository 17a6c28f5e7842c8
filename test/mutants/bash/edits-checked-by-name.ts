// Mutant: str_replace and insert check only the path's text, not its real path, so a link inside leads them outside.
// Replaces: reference/tools/editable-file.ts
// Caught by: edits-through-a-link-outside
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { fileKind } from '../../../reference/file-kind.ts';

// An existing regular file that str_replace or insert may rewrite.
export type EditableFile = { hostPath: string; text: string };

// Resolves and reads the file an edit targets, or says why it cannot be edited.
export async function readEditableFile(sandbox: Sandbox, given: string): Promise<EditableFile | Failure> {
  const hostPath = nodePath.resolve(sandbox.root, given.replace(/^\/+/, ''));
  const rel = nodePath.relative(sandbox.root, hostPath);
  if (rel === '..' || rel.startsWith('../')) return new Failure(`Error: Path escapes the sandbox: ${given}`);
  const kind = await fileKind(hostPath);
  if (kind === 'missing') return new Failure(`Error: File not found: ${given}`);
  if (kind === 'directory') return new Failure(`Error: Path is a directory: ${given}`);
  if (kind === 'other') return new Failure(`Error: Not a regular file: ${given}`);
  return { hostPath, text: await fs.readFile(hostPath, 'utf8') };
}
