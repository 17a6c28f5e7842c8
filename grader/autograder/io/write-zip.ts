import { writeFile } from 'node:fs/promises';
import { type Zippable, zipSync } from 'fflate';

/** One file of a zip: its path inside (with /), its bytes, and whether it is a program (mode 755, else 644). */
export type ZipEntry = { path: string; bytes: Uint8Array; isExecutable: boolean };

/** Unix ("made by" host 3) in the zip's central directory, so unzip restores each file's mode. */
const UNIX_HOST = 3;
/** A fixed date for every entry (zip's epoch is 1980): the same inputs make the same zip. */
const MTIME = new Date(1980, 0, 2);

// Write `entries` as a zip at `path`, each file with its Unix mode (run_autograder must stay executable).
export async function writeZip(path: string, entries: ZipEntry[]): Promise<void> {
  const files: Zippable = {};
  for (const entry of entries) {
    const mode = entry.isExecutable ? 0o100755 : 0o100644;
    files[entry.path] = [entry.bytes, { os: UNIX_HOST, attrs: (mode << 16) >>> 0, mtime: MTIME, level: 9 }];
  }
  await writeFile(path, zipSync(files));
}
