// One-bug mutants of the reference (test/mutants/<stage>/<bug>.ts): what a mutant file's header says, how many each
// stage needs, and what is wrong with how its stage's cases judged one. Nothing here knows a stage or a command by name.
import { closest } from '../../text/core/closest.ts';

/** One one-bug variant of the reference, as its file's header describes it. */
export type Mutant = {
  /** The stage whose cases must catch it (the folder it lives in). */
  stage: string;
  /** The file's name without `.ts`. */
  name: string;
  /** The mutant module's absolute path. */
  file: string;
  /** The reference module it replaces, relative to the reference's course folder, e.g. `reference/tools/glob.ts`. */
  replaces: string;
  /** Case file names (without `.json`) of the stage that fail on it. */
  caughtBy: string[];
};

/** How many mutants each stage of the course needs. */
export const MIN_MUTANTS = 5;

/** How a stage's cases judged a mutant: the case files (without `.json`) that did not pass, of how many graded. */
export type MutantGrade = { failed: string[]; total: number; exitCode: number; output: string };

// The value of a `// Key: value` header line, or undefined.
function headerValue(text: string, key: string): string | undefined {
  return new RegExp(`^// ${key}: (.+)$`, 'm').exec(text)?.[1]?.trim();
}

// A mutant file's header (`// Replaces: …` and `// Caught by: a, b`), or what is missing from it.
export function mutantHeader(text: string, file: string): { replaces: string; caughtBy: string[] } | string {
  const replaces = headerValue(text, 'Replaces');
  const caughtBy = headerValue(text, 'Caught by');
  if (!replaces || !caughtBy) return `${file}: the header needs "// Replaces: reference/…" and "// Caught by: <case file name>, …" lines`;
  return { replaces, caughtBy: caughtBy.split(',').map((c) => c.trim()).filter((c) => c !== '') };
}

// What is wrong with how the stage judged a mutant, or undefined when one of the cases its header names failed.
export function mutantProblem(mutant: Mutant, grade: MutantGrade): string | undefined {
  const where = `${mutant.stage}/${mutant.name}`;
  if (grade.total === 0) return `${where}: no case was graded (exit ${grade.exitCode})\n${grade.output}`;
  if (grade.failed.length === 0) return `${where} survived all ${grade.total} cases: add a case that catches it, and name it in its "// Caught by:" line`;
  if (!grade.failed.some((name) => mutant.caughtBy.includes(name))) {
    return `${where} is caught by ${grade.failed.join(', ')}, not by ${mutant.caughtBy.join(', ')} as its header says: correct its "// Caught by:" line`;
  }
  return undefined;
}

// The stages (of the manifest's, in its order) with fewer mutants than they need, and mutant folders no stage owns.
export function mutantCountProblems(stages: readonly { slug: string; draft?: boolean }[], counts: ReadonlyMap<string, number>, dir: string): string[] {
  const slugs = stages.map((s) => s.slug);
  const short = stages
    .filter((s) => !s.draft && (counts.get(s.slug) ?? 0) < MIN_MUTANTS)
    .map((s) => `${dir}/${s.slug}/: ${counts.get(s.slug) ?? 0} mutants, a stage needs at least ${MIN_MUTANTS}: add one-bug variants of the reference (see "Mutants" in docs/authoring.md)`);
  const strays = [...counts.keys()].filter((slug) => !slugs.includes(slug)).map((slug) => {
    const suggestion = closest(slug, slugs);
    return `${dir}/${slug}/: no stage "${slug}" in stages/stages.json${suggestion ? ` (did you mean "${suggestion}"?)` : ''}: rename the folder after its stage`;
  });
  return [...short, ...strays];
}
