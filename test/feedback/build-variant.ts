import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import type { Variant } from './variant-file.ts';
import { repoRoot } from '../e2e/cli.ts';

/** A course directory whose program.ts is the whole reference with one module overridden by a variant. */
export type VariantCourse = { dir: string; dispose: () => Promise<void> };

// An esbuild plugin: every import of `target` gets the variant instead, except the variant's own (it re-exports the
// reference and overrides one function).
function overrideModule(target: string, variant: string): esbuild.Plugin {
  return {
    name: 'override-module',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => (args.importer !== variant && resolve(args.resolveDir, args.path) === target ? { path: variant } : undefined));
    },
  };
}

// Bundles program.ts with the variant in place of the module it overrides, in a temp course directory.
export async function variantCourse(variant: Variant): Promise<VariantCourse> {
  const dir = await mkdtemp(join(tmpdir(), `dispatch-lab-variant-${variant.name}-`));
  const target = join(repoRoot, variant.replaces);
  const result = await esbuild.build({
    entryPoints: [join(repoRoot, 'program.ts')],
    outfile: join(dir, 'variant.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    metafile: true,
    plugins: [overrideModule(target, variant.file)],
  });
  if (!Object.keys(result.metafile.inputs).some((input) => resolve(repoRoot, input) === variant.file)) throw new Error(`${variant.file}: not bundled (does anything import ${variant.replaces}?)`);
  await writeFile(join(dir, 'program.ts'), `// ${variant.stage}/${variant.name}: ${variant.mistake}\nimport './variant.mjs';\n`);
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
