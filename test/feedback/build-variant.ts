import { symlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Variant } from './variant-file.ts';
import { bundleSwapped, swappedCourse, type SwappedCourse } from '../swapped-course.ts';
import { repoRoot } from '../e2e/cli.ts';
import { mutantEntry } from '../../grader/mutants/io/mutants.ts';
import { manifestStages } from './reference-outputs.ts';

// The program a variant's stage runs as, from the repo root: the mutants' lean one for its command where there is one
// (the same command over the same reference, without the later layers' imports, so each case starts faster), else program.ts.
function entryOf(stage: string): string {
  const command = manifestStages().find((s) => s.slug === stage)?.command ?? '';
  return relative(repoRoot, mutantEntry(join(repoRoot, 'test', 'mutants'), repoRoot, command));
}

/** A course directory whose program.ts is the reference's program for the stage's command with one module overridden by a variant. */
export async function variantCourse(variant: Variant): Promise<SwappedCourse> {
  const course = await swappedCourse(`dispatch-lab-variant-${variant.name}-`, `${variant.stage}/${variant.name}: ${variant.mistake}`, async (outfile) => {
    const inputs = await bundleSwapped(entryOf(variant.stage), outfile, variant.replaces, variant.file);
    if (!inputs.includes(variant.file)) throw new Error(`${variant.file}: not bundled (does anything import ${variant.replaces}?)`);
  });
  // The MCP stage's cases start the course's own server from harness/mcp, relative to the course directory.
  await symlink(join(repoRoot, 'harness'), join(course.dir, 'harness')).catch(async (error: Error) => {
    await course.dispose();
    throw error;
  });
  return course;
}
