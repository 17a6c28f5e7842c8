import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Variant } from './variant-file.ts';
import { bundleSwapped, swappedCourse, type SwappedCourse } from '../swapped-course.ts';
import { repoRoot } from '../e2e/cli.ts';

/** A course directory whose program.ts is the whole reference with one module overridden by a variant. */
export async function variantCourse(variant: Variant): Promise<SwappedCourse> {
  const course = await swappedCourse(`dispatch-lab-variant-${variant.name}-`, `${variant.stage}/${variant.name}: ${variant.mistake}`, async (outfile) => {
    const inputs = await bundleSwapped('program.ts', outfile, variant.replaces, variant.file);
    if (!inputs.includes(variant.file)) throw new Error(`${variant.file}: not bundled (does anything import ${variant.replaces}?)`);
  });
  // The MCP stage's cases start the course's own server from harness/mcp, relative to the course directory.
  await symlink(join(repoRoot, 'harness'), join(course.dir, 'harness')).catch(async (error: Error) => {
    await course.dispose();
    throw error;
  });
  return course;
}
