// Reading a submission's own code for the similarity check, with the care owed to any untrusted directory: only
// program.ts and the .ts files under src/, only regular files (a symlink is never followed, in or out of the
// submission), node_modules and .dispatch-lab skipped, every file and the whole submission under a size cap, so that
// no submission can make the comparison slow for the class.
import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodeFile } from '../core/fingerprint-set.ts';
import type { SubmissionCode } from '../core/similarity.ts';

/** A file larger than this is not read (no student writes 256 KB of TypeScript by hand). */
const FILE_BYTES = 256 * 1024;
/** A submission's files are read, in order, until they hold this much (the whole reference is about 100 KB). */
const SUBMISSION_BYTES = 2 * 1024 * 1024;
/** At most this many files of a submission are read, in sorted order. */
const MAX_FILES = 400;
const SKIPPED = new Set(['node_modules', '.dispatch-lab', '.git']);

// The paths (relative to `root`, '/'-separated, sorted) of the regular .ts files under `dir`, symlinks never followed.
async function tsFilesUnder(root: string, dir: string, found: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((x, y) => (x.name < y.name ? -1 : 1))) {
    if (found.length >= MAX_FILES) return;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory() && !SKIPPED.has(entry.name)) await tsFilesUnder(root, path, found);
    else if (entry.isFile() && entry.name.endsWith('.ts')) found.push(path);
  }
}

// A file's text when it is a regular file under the size cap; undefined otherwise. O_NOFOLLOW: a symlink put in the
// file's place after the directory was listed is refused, not followed.
async function readRegular(path: string): Promise<string | undefined> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > FILE_BYTES) return undefined;
    return await handle.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

// The code files of a course directory: its program.ts, then src/**/*.ts (unreadable, linked or oversized ones left out).
export async function readCodeFiles(dir: string): Promise<CodeFile[]> {
  const paths = ['program.ts'];
  const src = await lstat(join(dir, 'src')).catch(() => undefined);
  if (src?.isDirectory()) await tsFilesUnder(dir, 'src', paths);
  const files: CodeFile[] = [];
  let bytes = 0;
  for (const path of paths) {
    const text = await readRegular(join(dir, path));
    if (text === undefined) continue;
    bytes += Buffer.byteLength(text);
    if (bytes > SUBMISSION_BYTES) break;
    files.push({ path, text });
  }
  return files;
}

// Every submission's own code, keyed by the submission as given.
export async function readSubmissionsCode(submissions: string[], resolvePath: (s: string) => string): Promise<SubmissionCode[]> {
  const codes: SubmissionCode[] = [];
  for (const submission of submissions) codes.push({ submission, files: await readCodeFiles(resolvePath(submission)) });
  return codes;
}
