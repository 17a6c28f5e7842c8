import { statSync } from 'node:fs';
import { dirname, parse, resolve } from 'node:path';

// The suite must leave the machine's permissions as it found them: the modes of every folder from the checkout up to /
// (an isolated case runs as nobody, who must pass through them; the tests never make that so by chmod) and of the temp
// root, read before the run and compared after it.

/** A folder and its permission bits (with setuid, setgid and sticky), as `stat -c %a` shows them. */
export type FolderMode = { folder: string; mode: string };

// Every folder from `from` up to the root, nearest first.
export function foldersUpFrom(from: string): string[] {
  const found: string[] = [];
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    found.push(dir);
    if (dir === parse(dir).root) return found;
  }
}

// The modes of these folders now ("gone" for one that is not there).
export function modesOf(folders: readonly string[]): FolderMode[] {
  return folders.map((folder) => {
    try {
      return { folder, mode: (statSync(folder).mode & 0o7777).toString(8) };
    } catch {
      return { folder, mode: 'gone' };
    }
  });
}

// One line per folder whose mode differs between the two readings: the folder, its mode before and after.
export function changedModes(before: readonly FolderMode[], after: readonly FolderMode[]): string[] {
  const then = new Map(before.map((f) => [f.folder, f.mode]));
  return after.filter((f) => then.get(f.folder) !== f.mode).map((f) => `${f.folder}: mode ${then.get(f.folder) ?? 'not read'} before the run, ${f.mode} after`);
}
