// A course directory for one variant: the reference's program.ts bundled from a copy of its sources with the one file
// patched, beside the repo's node_modules and harness/ (the MCP stage's cases start harness/mcp/… from the course).
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { patchedSource, type HeldOutVariant } from './variant-patch.ts';

/** A built variant course; dispose removes it. */
export type VariantCourse = { dir: string; dispose: () => Promise<void> };

// The sources program.ts is bundled from, copied whole so that the patched file's own imports stay as they are.
const SOURCES = ['program.ts', 'reference', 'harness'];

// Builds the course of `variant` from the repository at `repoRoot`; rejects with a one-line message when the patch
// does not apply or the patched program does not build.
export async function variantCourse(variant: HeldOutVariant, repoRoot: string): Promise<VariantCourse> {
  const base = await mkdtemp(join(tmpdir(), `dispatch-lab-held-out-${variant.name}-`));
  const dispose = () => rm(base, { recursive: true, force: true });
  try {
    const src = join(base, 'src');
    for (const entry of SOURCES) await cp(join(repoRoot, entry), join(src, entry), { recursive: true, filter: (from) => !from.includes('.dispatch-lab') });
    const patched = patchedSource(variant, await readFile(join(repoRoot, variant.target), 'utf8'));
    if (typeof patched !== 'string') throw new Error(patched.problem);
    await writeFile(join(src, variant.target), patched);
    const dir = join(base, 'course');
    await mkdir(dir);
    await bundle(join(src, 'program.ts'), join(dir, 'swapped.mjs'), base, `${variant.stage}/${variant.name}`);
    await writeFile(join(dir, 'program.ts'), `// held-out ${variant.stage}/${variant.name}: ${variant.target} patched.\nimport './swapped.mjs';\n`);
    for (const shared of ['node_modules', 'harness']) await symlink(join(repoRoot, shared), join(dir, shared));
    return { dir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

// One ESM bundle of the program, its packages left to node_modules, as the project bundles a swapped course.
async function bundle(entry: string, outfile: string, root: string, label: string): Promise<void> {
  try {
    await esbuild.build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent', absWorkingDir: root });
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error);
    throw new Error(`${label}: the patched program does not build: ${first}`);
  }
}
