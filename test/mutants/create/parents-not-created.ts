// Mutant: missing parent directories are not made, so writing `src/lib/util.ts` into an empty sandbox fails with a host error.
// Replaces: reference/tools/create.ts
// Caught by: creates-parent-directories
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
  const text = requireString('file_text', fileText);
  if (text instanceof Failure) return text.toOutput();
  const hostPath = await sandbox.resolve(given);
  if (hostPath instanceof Failure) return hostPath.toOutput();

  const kind = await fileKind(hostPath);
  if (kind === 'directory') return failure(`Error: Path is a directory: ${given}`);
  if (kind === 'other') return failure(`Error: Not a regular file: ${given}`);
  try {
    await fs.access(nodePath.dirname(hostPath));
  } catch (error) {
    // A file where a parent directory should be ("a.txt/b.txt").
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') return failure(`Error: Parent is not a directory: ${given}`);
    throw error;
  }
  await fs.writeFile(hostPath, text);
  return success(`File created successfully at: ${given}`);
}
