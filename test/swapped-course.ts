// A course directory for the CLI whose program is the reference with one module swapped for another file: the one-bug
// mutants (test/mutants) and the feedback variants (test/feedback) are both graded this way.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { repoRoot } from './e2e/cli.ts';

export type SwappedCourse = { dir: string; dispose: () => Promise<void> };

// An esbuild plugin: every relative import of `target` resolves to `replacement`, except the replacement's own (a
// variant may re-export the module it replaces and override one function).
function swapModule(target: string, replacement: string): esbuild.Plugin {
  return {
    name: 'swap-module',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => (args.importer !== replacement && resolve(args.resolveDir, args.path) === target ? { path: replacement } : undefined));
    },
  };
}

/** Bundle `entry` into `outfile` with `replacement` swapped in for `target` (paths from the repo root); the files bundled. */
export async function bundleSwapped(entry: string, outfile: string, target: string, replacement: string): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [join(repoRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    metafile: true,
    plugins: [swapModule(join(repoRoot, target), replacement)],
  });
  return Object.keys(result.metafile.inputs).map((input) => resolve(repoRoot, input));
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
