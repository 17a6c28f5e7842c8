import fs from 'node:fs/promises';
import type { Sandbox } from '../sandbox.ts';
import { Failure } from '../failure.ts';
import { fileKind } from '../file-kind.ts';

// An existing regular file that str_replace or insert may rewrite.
export type EditableFile = { hostPath: string; text: string };

// Resolves and reads the file an edit targets, or says why it cannot be edited.
export async function readEditableFile(sandbox: Sandbox, given: string): Promise<EditableFile | Failure> {
  const hostPath = await sandbox.resolve(given);
  if (hostPath instanceof Failure) return hostPath;
  const kind = await fileKind(hostPath);
  if (kind === 'missing') return new Failure(`Error: File not found: ${given}`);
  if (kind === 'directory') return new Failure(`Error: Path is a directory: ${given}`);
  if (kind === 'other') return new Failure(`Error: Not a regular file: ${given}`);
  return { hostPath, text: await fs.readFile(hostPath, 'utf8') };
}
