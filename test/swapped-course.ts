// A course directory for the CLI whose program is the reference with one module swapped for another file: the one-bug
// mutants (test/mutants) and the feedback variants (test/feedback) are both graded this way.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleSwapped as bundleWithSwap } from '../grader/course/io/mutants.ts';
import { repoRoot } from './e2e/cli.ts';

export type SwappedCourse = { dir: string; dispose: () => Promise<void> };

/** Bundle `entry` into `outfile` with `replacement` swapped in for `target` (paths from the repo root); the files bundled. */
export function bundleSwapped(entry: string, outfile: string, target: string, replacement: string): Promise<string[]> {
  return bundleWithSwap(join(repoRoot, entry), outfile, join(repoRoot, target), { file: replacement }, repoRoot);
}

/** A temp course directory whose program.ts (headed by `comment`) imports what `bundle` writes to the file it is given. */
export async function swappedCourse(prefix: string, comment: string, bundle: (outfile: string) => Promise<void>): Promise<SwappedCourse> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    await bundle(join(dir, 'swapped.mjs'));
    await writeFile(join(dir, 'program.ts'), `// ${comment}\nimport './swapped.mjs';\n`);
    await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { dir, dispose };
}
