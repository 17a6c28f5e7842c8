// Mutant: the file walker stats each entry (following symlinks), so glob and grep list and search through links.
// Replaces: reference/file-tree.ts
// Caught by: glob-grep-path-through-a-link, walker-skips-symlinks
import fs from 'node:fs/promises';
import path from 'node:path';

// Every regular file under `dir`, as `/`-separated paths relative to it, in no set order.
// Symlinks are neither followed nor listed, so a walk never leaves the tree or loops.
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const rel = prefix + entry.name;
      const stats = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
      if (stats?.isFile()) return [rel];
      if (stats?.isDirectory()) return listFiles(path.join(dir, entry.name), `${rel}/`);
      return [];
    }),
  );
  return nested.flat();
}

// Whether any segment of a relative path is hidden (starts with ".").
export function isHidden(rel: string): boolean {
  return rel.split('/').some((segment) => segment.startsWith('.'));
}
