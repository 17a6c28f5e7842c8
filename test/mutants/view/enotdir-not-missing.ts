// Mutant: only ENOENT means "nothing there", so a path through a file (`a.txt/b`, ENOTDIR) is a host error instead of "File not found".
// Replaces: reference/file-kind.ts
// Caught by: file-as-a-directory
import fs from 'node:fs/promises';

// What a host path is, following symlinks: a regular file, a directory, something else, or nothing.
export type FileKind = 'file' | 'directory' | 'other' | 'missing';

// The kind of the thing at `hostPath`.
export async function fileKind(hostPath: string): Promise<FileKind> {
  try {
    const stats = await fs.stat(hostPath);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    throw error;
  }
}
