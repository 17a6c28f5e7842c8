import { join } from 'node:path';
import type { Mutant } from './mutant-file.ts';
import { repoRoot } from '../e2e/cli.ts';
import { bundleSwapped, swappedCourse, type SwappedCourse } from '../swapped-course.ts';

// Bundles the dispatch program with the mutant swapped in (the bundle must show that the swap happened).
async function bundleMutant(mutant: Mutant, outfile: string): Promise<void> {
  const inputs = await bundleSwapped('test/mutants/dispatch-program.ts', outfile, mutant.replaces, mutant.file);
  if (!inputs.includes(mutant.file) || inputs.includes(join(repoRoot, mutant.replaces))) throw new Error(`${mutant.file}: ${mutant.replaces} was not swapped (is it imported?)`);
}

/** A temp course directory for the CLI whose program.ts is the reference with one module swapped for a mutant. */
export function mutantCourse(mutant: Mutant): Promise<SwappedCourse> {
  return swappedCourse(`dispatch-lab-mutant-${mutant.name}-`, `${mutant.stage}/${mutant.name}: ${mutant.replaces} swapped for the mutant.`, (outfile) => bundleMutant(mutant, outfile));
}
