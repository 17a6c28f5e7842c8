import type { Variant } from './variant-file.ts';
import { bundleSwapped, swappedCourse, type SwappedCourse } from '../swapped-course.ts';

/** A course directory whose program.ts is the whole reference with one module overridden by a variant. */
export function variantCourse(variant: Variant): Promise<SwappedCourse> {
  return swappedCourse(`dispatch-lab-variant-${variant.name}-`, `${variant.stage}/${variant.name}: ${variant.mistake}`, async (outfile) => {
    const inputs = await bundleSwapped('program.ts', outfile, variant.replaces, variant.file);
    if (!inputs.includes(variant.file)) throw new Error(`${variant.file}: not bundled (does anything import ${variant.replaces}?)`);
  });
}
