import { cp, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './cli.ts';

/** The similarity test set: each folder holds only the files that submission changed from the starter. */
export const similarityFixtures = join(repoRoot, 'test/fixtures/similarity');

// The six submissions of the similarity test set as course directories under `work` (the starter, the fixture's files
// over it, harness/ and node_modules linked from the repository, so they build and run): folder name → path.
export async function similaritySubmissions(work: string): Promise<Record<string, string>> {
  const dirs: Record<string, string> = {};
  for (const name of (await readdir(similarityFixtures)).sort()) {
    const dir = join(work, name);
    await mkdir(dir, { recursive: true });
    await cp(join(repoRoot, 'starter', 'program.ts'), join(dir, 'program.ts'));
    await cp(join(repoRoot, 'starter', 'src'), join(dir, 'src'), { recursive: true });
    await cp(join(similarityFixtures, name), dir, { recursive: true });
    await symlink(join(repoRoot, 'harness'), join(dir, 'harness'), 'dir');
    await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
    dirs[name] = dir;
  }
  return dirs;
}
