// The one-bug variants of a course's reference (test/mutants/<stage>/*.patch), each with a way to build its program:
// today's reference with the variant's patch applied (course/io/mutants.ts lists them, applies the patch, swaps the text in).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleSwapped, listMutants, mutantEntry, mutantSource } from '../../mutants/io/mutants.ts';
import type { Mutant } from '../../mutants/core/mutants.ts';
import { GraderError } from '../../run/grader-error.ts';

/** A variant as the library of known mistakes reads it. */
export type Variant = Mutant & {
  /** Its `// Mutant:` line: the mistake. */
  description: string;
  /** Its `// Hint:` line, when it has one. */
  hint?: string;
};

/** Where the variants are built: the reference's course folder and the mutants folder. */
export type VariantPlaces = { referenceDir: string; mutantsDir: string };

// The value of a `// Key: value` header line of a variant's file.
function headerLine(text: string, key: string): string | undefined {
  return new RegExp(`^// ${key}: (.+)$`, 'm').exec(text)?.[1]?.trim();
}

// The variants of each stage (a GraderError when a header is incomplete); none when the folder does not exist.
export function stageVariants(mutantsDir: string): Map<string, Variant[]> {
  const byStage = new Map<string, Variant[]>();
  for (const [stage, mutants] of listMutants(mutantsDir)) {
    byStage.set(stage, mutants.map((m) => {
      const text = readFileSync(m.file, 'utf8');
      const hint = headerLine(text, 'Hint');
      return { ...m, description: headerLine(text, 'Mutant') ?? m.name, ...(hint ? { hint } : {}) };
    }));
  }
  return byStage;
}

// The files a stage's variants are made from besides their own: the lean program of the stage's command, when there is one.
export function variantSources(places: VariantPlaces, command: string): string[] {
  const entry = mutantEntry(places.mutantsDir, places.referenceDir, command);
  return entry.startsWith(places.mutantsDir) ? [entry] : [];
}

// What keeps a variant from being built on today's reference (its patch no longer applies), or undefined.
export async function variantProblem(variant: Variant, places: VariantPlaces): Promise<string | undefined> {
  try {
    await mutantSource(variant, places.referenceDir);
    return undefined;
  } catch (error) {
    if (error instanceof GraderError) return error.problems.join('; ');
    throw error;
  }
}

// Build the variant's program into a fresh course folder, hand that folder to `use`, then remove it.
export async function withVariantProgram<T>(variant: Variant, places: VariantPlaces, command: string, use: (courseDir: string) => Promise<T>): Promise<T> {
  const base = await mkdtemp(join(tmpdir(), `dispatch-lab-variant-${variant.name}-`));
  try {
    const courseDir = join(base, 'course');
    await mkdir(courseDir);
    const entry = mutantEntry(places.mutantsDir, places.referenceDir, command);
    const target = join(places.referenceDir, variant.replaces);
    const inputs = await bundleSwapped(entry, join(courseDir, 'swapped.mjs'), target, { text: await mutantSource(variant, places.referenceDir) }, places.referenceDir);
    if (!inputs.includes(target)) throw new GraderError([`${variant.file}: its diff changes ${variant.replaces}, which ${entry} does not import: patch a module the stage's program runs`]);
    await writeFile(join(courseDir, 'program.ts'), `// ${variant.stage}/${variant.name}\nimport './swapped.mjs';\n`);
    for (const shared of ['node_modules', 'harness']) {
      if (existsSync(join(places.referenceDir, shared))) await symlink(join(places.referenceDir, shared), join(courseDir, shared));
    }
    return await use(courseDir);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}
