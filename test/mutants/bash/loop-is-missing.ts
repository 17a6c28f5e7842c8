// Mutant: every stat error means "nothing there", so a symlink loop (ELOOP) answers File not found.
// Replaces: reference/file-kind.ts
// Caught by: link-loop-is-an-error
import fs from 'node:fs/promises';

// What a host path is, following symlinks: a regular file, a directory, something else, or nothing.
export type FileKind = 'file' | 'directory' | 'other' | 'missing';

// The kind of the thing at `hostPath`.
export async function fileKind(hostPath: string): Promise<FileKind> {
  try {
    const stats = await fs.stat(hostPath);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}
