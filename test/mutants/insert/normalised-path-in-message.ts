// Mutant: "File not found" and "Path is a directory" name the root-relative path instead of the path as given (`/b.txt` becomes `b.txt`).
// Replaces: reference/tools/editable-file.ts
// Caught by: leading-slash-paths
import fs from 'node:fs/promises';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { fileKind } from '../../../reference/file-kind.ts';

// An existing regular file that str_replace or insert may rewrite.
export type EditableFile = { hostPath: string; text: string };

// Resolves and reads the file an edit targets, or says why it cannot be edited.
export async function readEditableFile(sandbox: Sandbox, given: string): Promise<EditableFile | Failure> {
  const hostPath = await sandbox.resolve(given);
  if (hostPath instanceof Failure) return hostPath;
  const kind = await fileKind(hostPath);
  if (kind === 'missing') return new Failure(`Error: File not found: ${sandbox.relative(hostPath)}`);
  if (kind === 'directory') return new Failure(`Error: Path is a directory: ${sandbox.relative(hostPath)}`);
  if (kind === 'other') return new Failure(`Error: Not a regular file: ${given}`);
  return { hostPath, text: await fs.readFile(hostPath, 'utf8') };
}
