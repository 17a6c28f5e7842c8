import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import type { Mutant } from './mutant-file.ts';
import { repoRoot } from '../e2e/cli.ts';

/** A course directory whose program.ts is the reference with one module swapped for a mutant. */
export type MutantCourse = { dir: string; dispose: () => Promise<void> };

// An esbuild plugin that resolves every relative import of `target` to `replacement` instead.
function swapModule(target: string, replacement: string): esbuild.Plugin {
  return {
    name: 'swap-module',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => (resolve(args.resolveDir, args.path) === target ? { path: replacement } : undefined));
    },
  };
}

// Bundles the dispatch program with the mutant swapped in (the bundle must show that the swap happened).
export async function bundleMutant(mutant: Mutant, outfile: string): Promise<void> {
  const target = join(repoRoot, mutant.replaces);
  const result = await esbuild.build({
    entryPoints: [join(repoRoot, 'test/mutants/dispatch-program.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    metafile: true,
    plugins: [swapModule(target, mutant.file)],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(repoRoot, input));
  if (!inputs.includes(mutant.file) || inputs.includes(target)) throw new Error(`${mutant.file}: ${mutant.replaces} was not swapped (is it imported?)`);
}

// A temp course directory for the CLI: program.ts imports the mutant's bundle; node_modules links to ours.
export async function mutantCourse(mutant: Mutant): Promise<MutantCourse> {
  const dir = await mkdtemp(join(tmpdir(), `dispatch-lab-mutant-${mutant.name}-`));
  await bundleMutant(mutant, join(dir, 'mutant.mjs'));
  await writeFile(join(dir, 'program.ts'), `// ${mutant.stage}/${mutant.name}: ${mutant.replaces} swapped for the mutant.\nimport './mutant.mjs';\n`);
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
