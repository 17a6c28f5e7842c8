// One-bug mutants of the reference (test/mutants/<stage>/<bug>.patch): what a mutant's header says, how many each
// stage needs, and what is wrong with how its stage's cases judged one. Nothing here knows a stage or a command by name.
import { closest } from '../../text/core/closest.ts';

/** One one-bug variant of the reference, as its patch's header describes it. */
export type Mutant = {
  /** The stage whose cases must catch it (the folder it lives in). */
  stage: string;
  /** The file's name without `.patch`. */
  name: string;
  /** The patch file's absolute path. */
  file: string;
  /** The reference module it changes, relative to the reference's course folder, e.g. `reference/tools/glob.ts`. */
  replaces: string;
  /** Case file names (without `.json`) of the stage that fail on it. */
  caughtBy: string[];
  /** The mistake in words (the `// Mutant:` line). */
  mistake: string;
  /** How to put it right, when the header has a `// Hint:` line. */
  hint?: string;
  /** The whole patch: the header, then the unified diff against `replaces`. */
  patch: string;
};

/** How many mutants each stage of the course needs. */
export const MIN_MUTANTS = 5;

/** How a stage's cases judged a mutant: the case files (without `.json`) that did not pass, of how many graded. */
export type MutantGrade = { failed: string[]; total: number; exitCode: number; output: string };

// The value of a `// Key: value` header line, or undefined.
function headerValue(text: string, key: string): string | undefined {
  return new RegExp(`^// ${key}: (.+)$`, 'm').exec(text)?.[1]?.trim();
}

/** What a mutant's header says (the file it changes is the one its diff names). */
export type MutantHeader = Pick<Mutant, 'caughtBy' | 'mistake' | 'hint'>;

// A mutant's header (`// Mutant: …`, `// Caught by: a, b`, and an optional `// Hint: …`), or what is missing from it.
export function mutantHeader(text: string, file: string): MutantHeader | string {
  const mistake = headerValue(text, 'Mutant');
  const caughtBy = headerValue(text, 'Caught by');
  const hint = headerValue(text, 'Hint');
  if (!mistake || !caughtBy) return `${file}: the header needs "// Mutant: <the mistake>" and "// Caught by: <case file name>, …" lines`;
  return { mistake, caughtBy: caughtBy.split(',').map((c) => c.trim()).filter((c) => c !== ''), ...(hint ? { hint } : {}) };
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
