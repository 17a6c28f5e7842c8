import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// Runs `use` on a fresh temp directory seeded with `files` (path → text), then removes it.
export async function withTempSandbox<R>(files: Record<string, string>, use: (root: string) => Promise<R>): Promise<R> {
  // The real path, so that symlink checks and messages agree (macOS's /var is /private/var).
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-')));
  try {
    for (const [name, text] of Object.entries(files)) {
      const target = path.join(root, name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, text);
    }
    return await use(root);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}
