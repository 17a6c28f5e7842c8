// Mutant: only the presence of file_text is checked with the parameters; its type is checked after the path is resolved, so an escape with a bad file_text reports the escape.
// Replaces: reference/tools/create.ts
// Caught by: escape-before-directory
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import type { ToolOutput } from '../../../reference/types.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { failure, success } from '../../../reference/results.ts';
import { requireString } from '../../../reference/params.ts';
import { fileKind } from '../../../reference/file-kind.ts';

// Writes a whole file, creating parent directories and overwriting what was there.
export async function create(sandbox: Sandbox, path: unknown, fileText: unknown): Promise<ToolOutput> {
  const given = requireString('path', path);
  if (given instanceof Failure) return given.toOutput();
  if (fileText === undefined || fileText === null) return failure('Error: Parameter file_text is required');
  const hostPath = await sandbox.resolve(given);
  if (hostPath instanceof Failure) return hostPath.toOutput();
  const text = requireString('file_text', fileText);
  if (text instanceof Failure) return text.toOutput();

  const kind = await fileKind(hostPath);
  if (kind === 'directory') return failure(`Error: Path is a directory: ${given}`);
  if (kind === 'other') return failure(`Error: Not a regular file: ${given}`);
  try {
    await fs.mkdir(nodePath.dirname(hostPath), { recursive: true });
  } catch (error) {
    // A file where a parent directory should be ("a.txt/b.txt").
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') return failure(`Error: Parent is not a directory: ${given}`);
    throw error;
  }
  await fs.writeFile(hostPath, text);
  return success(`File created successfully at: ${given}`);
}
