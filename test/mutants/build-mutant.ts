import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mutant } from './mutant-file.ts';
import { repoRoot } from '../e2e/cli.ts';
import { bundleSwapped, swappedCourse, type SwappedCourse } from '../swapped-course.ts';

type Manifest = { stages: { slug: string; command: string }[] };

// The program a mutant of `stage` runs as: the lean dispatch program for the dispatch stages (each case's process
// starts fast), else the course's own program.ts, which serves every command.
function entryOf(stage: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as Manifest;
  const command = manifest.stages.find((s) => s.slug === stage)?.command;
  if (command === undefined) throw new Error(`test/mutants/${stage}: no stage of that slug in stages/stages.json`);
  return command === 'dispatch' ? 'test/mutants/dispatch-program.ts' : 'program.ts';
}

// Bundles the stage's program with the mutant swapped in (the bundle must show that the swap happened).
async function bundleMutant(mutant: Mutant, outfile: string): Promise<void> {
  const inputs = await bundleSwapped(entryOf(mutant.stage), outfile, mutant.replaces, mutant.file);
  if (!inputs.includes(mutant.file) || inputs.includes(join(repoRoot, mutant.replaces))) throw new Error(`${mutant.file}: ${mutant.replaces} was not swapped (is it imported?)`);
}

/** A temp course directory for the CLI whose program.ts is the reference with one module swapped for a mutant. */
export function mutantCourse(mutant: Mutant): Promise<SwappedCourse> {
  return swappedCourse(`dispatch-lab-mutant-${mutant.name}-`, `${mutant.stage}/${mutant.name}: ${mutant.replaces} swapped for the mutant.`, (outfile) => bundleMutant(mutant, outfile));
}
