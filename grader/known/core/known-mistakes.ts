// The library of known mistakes: for each case of a stage, the fingerprints of what each one-bug variant of the
// reference prints on it (test/mutants/), and the mistake each names. A received output equal to one of them is
// exactly what a program with that mistake prints: that is observed, never guessed.
import type { Case, KnownMistake } from '../../course/core/types.ts';
import { fingerprintOf, type PrintedRun } from './fingerprint.ts';

/** Where the library ships, relative to the content root. */
export const KNOWN_MISTAKES_FILE = 'cases/known-mistakes.json';
/** The format of the file; a change of normalisation bumps it, which makes every stage stale. */
export const KNOWN_MISTAKES_VERSION = 4;
/** How many mistakes one fingerprint may name; an output more variants than this print says too little to teach, and is not kept. */
export const MAX_MISTAKES_PER_FINGERPRINT = 3;
/** The size the shipped file stays within (test/known/known-mistakes-file.test.ts holds it). */
export const KNOWN_MISTAKES_BUDGET_BYTES = 256 * 1024;

export type { KnownMistake };

/** One mistake of a stage's table: what it is, and the whole set of the stage's cases its variant fails. */
export type RecordedMistake = {
  /** Its `// Mutant:` line. */
  description: string;
  /** Its `// Hint:` line, when it has one. */
  hint?: string;
  /** The keys of the cases both recording runs failed (any verdict but pass: wrong output, crash, timeout), sorted. */
  fails: string[];
  /** The keys of the cases one recording run failed and the other passed (timing), sorted; absent when none. */
  unsure?: string[];
  /**
   * The keys of the failing cases (of `fails`) where the variant's print is not known: its two recording runs printed
   * otherwise (timing), or one printed nothing a fingerprint is taken of. Such a case is compared by its verdict alone.
   * Sorted; absent when none. A print both runs agreed on but that too many variants share is not one of these.
   */
  unprinted?: string[];
};

/** One stage's part of the library. */
export type StageKnownMistakes = {
  /** A hash of everything the fingerprints depend on (see grader/known/io/stage-hash.ts); a stage whose hash differs is stale. */
  hash: string;
  /** The stage's mistakes by variant name. */
  mistakes: Record<string, RecordedMistake>;
  /** By case file name (without `.json`): fingerprint → the names of the variants that print it (sorted, at most MAX_MISTAKES_PER_FINGERPRINT). */
  cases: Record<string, Record<string, string[]>>;
};

/** The shipped file (cases/known-mistakes.json). */
export type KnownMistakesFile = {
  $comment?: string;
  version: number;
  /** By stage slug. */
  stages: Record<string, StageKnownMistakes>;
};

// A case file's key in its stage's table: its file name without folder or `.json`.
export function caseKey(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.json$/, '');
}

// The known mistakes whose output on this case is exactly the run's (none for a private case, a run without a
// fingerprint, or a stage the library does not hold).
export function knownMistakesOf(table: StageKnownMistakes | undefined, testCase: Pick<Case, 'file' | 'expect' | 'private' | 'stage'>, run: PrintedRun, courseDir: string): KnownMistake[] {
  if (!table || testCase.private) return [];
  const byPrint = table.cases[caseKey(testCase.file)];
  if (!byPrint) return [];
  const fingerprint = fingerprintOf(testCase.expect, run, courseDir);
  const names = fingerprint === undefined ? undefined : byPrint[fingerprint];
  return (names ?? []).flatMap((name) => {
    const mistake = table.mistakes[name];
    return mistake ? [{ id: `${testCase.stage}/${name}`, description: mistake.description, ...(mistake.hint ? { hint: mistake.hint } : {}) }] : [];
  });
}

/** What one recording run saw of a variant: the cases it failed, and the fingerprints of those that have one. */
export type VariantPrints = {
  name: string;
  description: string;
  hint?: string;
  /** The keys of every case the run did not pass. */
  fails: string[];
  /** By case key, the fingerprint of what it printed on a failing case (absent where the run has none: see canonicalOutput). */
  prints: Record<string, string>;
};

// The sorted keys in one list and the other, and those in only one of them.
function agreement(first: readonly string[], second: readonly string[]): { both: string[]; either: string[] } {
  const inSecond = new Set(second);
  const both = [...new Set(first)].filter((key) => inSecond.has(key)).sort();
  const either = [...new Set([...first, ...second])].filter((key) => !both.includes(key)).sort();
  return { both, either };
}

// One stage's table from its variants' runs (each variant recorded twice: only what both runs agree on is kept, so
// nothing depends on timing or temp names; a case one run failed and the other passed is unsure, and one both failed
// without the same print is unprinted); a fingerprint shared by more than MAX_MISTAKES_PER_FINGERPRINT variants is dropped.
export function stageTable(hash: string, first: readonly VariantPrints[], second: readonly VariantPrints[]): StageKnownMistakes {
  const cases: Record<string, Record<string, string[]>> = {};
  const mistakes: StageKnownMistakes['mistakes'] = {};
  for (const variant of [...first].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rerun = second.find((v) => v.name === variant.name);
    const { both, either } = agreement(variant.fails, rerun?.fails ?? []);
    const again = rerun?.prints ?? {};
    const unprinted = both.filter((file) => variant.prints[file] === undefined || again[file] !== variant.prints[file]);
    mistakes[variant.name] = {
      description: variant.description,
      ...(variant.hint ? { hint: variant.hint } : {}),
      fails: both,
      ...(either.length > 0 ? { unsure: either } : {}),
      ...(unprinted.length > 0 ? { unprinted } : {}),
    };
    for (const [file, print] of Object.entries(variant.prints).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (again[file] !== print) continue;
      const byPrint = (cases[file] ??= {});
      (byPrint[print] ??= []).push(variant.name);
    }
  }
  for (const byPrint of Object.values(cases)) {
    for (const [print, names] of Object.entries(byPrint)) if (names.length > MAX_MISTAKES_PER_FINGERPRINT) delete byPrint[print];
  }
  const kept = Object.fromEntries(Object.entries(cases).filter(([, byPrint]) => Object.keys(byPrint).length > 0));
  return { hash, mistakes, cases: kept };
}

// The stages (of `hashes`, today's hash of each) whose recorded table is missing or was made from other content.
export function staleStages(file: KnownMistakesFile | undefined, hashes: ReadonlyMap<string, string>): string[] {
  return [...hashes].filter(([slug, hash]) => file?.version !== KNOWN_MISTAKES_VERSION || file.stages[slug]?.hash !== hash).map(([slug]) => slug);
}

// Why a stale stage is stale, for `record --check`: `recorded` is the format the file was written in (undefined when
// the file holds no readable library), `hasTable` whether that file has a table for the stage.
export function staleReason(recorded: number | undefined, hasTable: boolean): string {
  if (recorded !== undefined && recorded !== KNOWN_MISTAKES_VERSION) return `${KNOWN_MISTAKES_FILE} was recorded in format ${recorded}, and this grader reads format ${KNOWN_MISTAKES_VERSION}`;
  return hasTable ? 'its cases, manifest entry, mutants or the reference changed since it was recorded' : `${KNOWN_MISTAKES_FILE} has no table for it`;
}

// The line a failure block shows for the known mistakes a received output equals: what is observed, nothing more.
export function knownMistakeLine(known: readonly KnownMistake[]): string | undefined {
  if (known.length === 0) return undefined;
  if (known.length === 1) return `${known[0]?.description} — your output is exactly what a program with this mistake prints`;
  return `your output is exactly what a program with one of these mistakes prints: ${known.map((k, i) => `(${i + 1}) ${k.description}`).join('; ')}`;
}
