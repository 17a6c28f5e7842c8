import { realpathSync, statSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';

// node refuses to load a module whose path holds a "\" (a file URL may not encode one), so such a submission is run
// through a link in the case's temp dir, kept as the path (--preserve-symlinks). node looks for packages in the
// node_modules of every folder above the link, not above the submission: so the link sits as deep as the submission
// does, and beside it and each folder above it sits a link to the node_modules of the matching folder above the
// submission. A package then resolves as it would from the submission's own place.

// The real node_modules folder of each folder above `dir`, nearest first (undefined where there is none).
function modulesAbove(dir: string): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  for (let up = dirname(dir); ; up = dirname(up)) {
    try {
      const modules = join(up, 'node_modules');
      found.push(statSync(modules).isDirectory() ? realpathSync(modules) : undefined);
    } catch {
      found.push(undefined);
    }
    if (up === parse(up).root) return found;
  }
}

// Link the submission into `tempDir` with the node_modules above it mirrored; the link's path.
export async function linkSubmission(courseDir: string, tempDir: string): Promise<string> {
  const above = modulesAbove(courseDir);
  let dir = join(tempDir, 'submission-at', ...above.map(() => 'up'));
  await mkdir(dir, { recursive: true });
  const link = join(dir, 'submission');
  await symlink(courseDir, link);
  for (const modules of above) {
    if (modules) await symlink(modules, join(dir, 'node_modules'));
    dir = dirname(dir);
  }
  return link;
}
