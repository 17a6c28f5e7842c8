import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_DIR_PREFIX } from './temp-names.ts';

// Why a sandbox path cannot be written, or undefined when it names a file inside the sandbox
// (the grader's `validate` rejects the same paths in case files).
export function sandboxPathProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name.includes('\u0000')) return 'holds a NUL character';
  if (/^([\\/]|[A-Za-z]:)/.test(name)) return 'is absolute';
  const parts = name.split(/[\\/]/);
  if (parts.includes('..')) return 'contains ".."';
  if (parts.every((p) => p === '' || p === '.')) return 'names the sandbox folder itself';
  if (/[\\/]$/.test(name)) return 'ends with "/"';
  return undefined;
}

// The directory a key ending in "/" declares (its value must be ""), or undefined for a file key.
export function emptyDirectoryOf(name: string, text: string): string | undefined {
  const dir = name.replace(/[\\/]+$/, '');
  return dir !== name && dir !== '' && text === '' ? dir : undefined;
}

// Runs `use` on a fresh temp directory seeded with `files` (path → text; "dir/": "" is an empty
// directory), then removes it. A path that would land outside the sandbox (or on the sandbox itself)
// is refused before anything is written.
export async function withTempSandbox<R>(files: Record<string, string>, use: (root: string) => Promise<R>): Promise<R> {
  for (const [name, text] of Object.entries(files)) {
    const problem = sandboxPathProblem(emptyDirectoryOf(name, text) ?? name);
    if (problem) throw new Error(`sandbox path ${JSON.stringify(name)} ${problem}: a sandbox path must name a file inside the sandbox (or, ending in "/" with the value "", an empty directory)`);
  }
  // The real path, so that symlink checks and messages agree (macOS's /var is /private/var).
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), SANDBOX_DIR_PREFIX)));
  try {
    for (const [name, text] of Object.entries(files)) {
      const dir = emptyDirectoryOf(name, text);
      if (dir !== undefined) {
        await fs.mkdir(path.join(root, dir), { recursive: true });
        continue;
      }
      const target = path.join(root, name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, text);
    }
    return await use(root);
  } finally {
    await removeSandbox(root);
  }
}

// Removes a sandbox: most are empty by now (or were never written), and then one rmdir is the whole removal.
async function removeSandbox(root: string): Promise<void> {
  try {
    await fs.rmdir(root);
  } catch {
    await fs.rm(root, { recursive: true, force: true });
  }
}
