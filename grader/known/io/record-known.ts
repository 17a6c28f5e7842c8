// `record`'s part for the library of known mistakes: for each selected stage whose hash changed, every variant is built
// once and graded on every case of the stage twice (in process, as `gradeMutant` grades one); the set of cases it fails
// and the fingerprint of each failing case's received output are kept where both runs agree. `--check` only compares hashes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Course } from '../../course/core/course.ts';
import type { Stage } from '../../course/core/types.ts';
import { runTests } from '../../run/app.ts';
import { DEFAULT_TIMEOUT_MS, OUTPUT_LIMIT_BYTES } from '../../run/test-options.ts';
import { caseKey, KNOWN_MISTAKES_FILE, staleReason, staleStages, stageTable, type StageKnownMistakes, type VariantPrints } from '../core/known-mistakes.ts';
import { fingerprintOf } from '../core/fingerprint.ts';
import { readKnownMistakes, recordedVersion, writeKnownMistakes } from './known-mistakes-file.ts';
import { stageHash } from './stage-hash.ts';
import { stageVariants, variantProblem, variantSources, withVariantProgram, type Variant, type VariantPlaces } from './variants.ts';

/** What record did with the library. */
export type KnownOutcome = {
  /** The stages recorded anew (or, with --check, found stale), with why. */
  stale: { slug: string; why: string }[];
  /** How many selected stages were fresh. */
  fresh: number;
  /** Variants that cannot be built on today's reference. */
  problems: string[];
};

/** Where the library is recorded from. */
export type KnownPlaces = VariantPlaces & { contentRoot: string };

// The stage's manifest entry as stages/stages.json holds it.
function manifestEntry(contentRoot: string, slug: string): unknown {
  const manifest = JSON.parse(readFileSync(join(contentRoot, 'stages/stages.json'), 'utf8')) as { stages: { slug: string }[] };
  return manifest.stages.find((s) => s.slug === slug);
}

// Which cases of the stage each variant fails and what it prints on them, per run (two runs).
async function variantPrints(variant: Variant, stage: Stage, course: Course, places: VariantPlaces): Promise<[VariantPrints, VariantPrints]> {
  return withVariantProgram(variant, places, stage.command, async (courseDir) => {
    const once = async (): Promise<VariantPrints> => {
      const { report } = await runTests({
        course,
        courseDir,
        selection: { stages: [stage.slug], all: false },
        jobs: 2,
        defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
        outputLimitBytes: OUTPUT_LIMIT_BYTES,
        bail: false,
        keep: false,
        reporters: [],
        keepFullOutput: true,
      });
      const prints: Record<string, string> = {};
      const fails: string[] = [];
      for (const result of report.stages.flatMap((s) => s.cases)) {
        // (No case is skipped here: no --bail, one stage; a skipped case would count as passed, which names less, never more.)
        if (result.verdict.status === 'pass' || result.verdict.status === 'skip') continue;
        fails.push(caseKey(result.case.file));
        const print = result.run ? fingerprintOf(result.case.expect, result.run, courseDir) : undefined;
        if (print !== undefined) prints[caseKey(result.case.file)] = print;
      }
      return { name: variant.name, description: variant.description, ...(variant.hint ? { hint: variant.hint } : {}), fails, prints };
    };
    const first = await once();
    return [first, await once()];
  });
}

// Record (or with `check`, only judge) the library for `stages`; `progress` hears of each variant as it runs. A content
// root keeps a library only when it has the file (any content: an empty file starts one) and there is a mutants folder.
export async function recordKnownMistakes(course: Course, stages: readonly Stage[], places: KnownPlaces, check: boolean, progress: (line: string) => void = () => {}): Promise<KnownOutcome | undefined> {
  if (!existsSync(places.mutantsDir) || !existsSync(join(places.contentRoot, KNOWN_MISTAKES_FILE))) return undefined;
  const variants = stageVariants(places.mutantsDir);
  const file = readKnownMistakes(places.contentRoot);
  const withVariants = stages.filter((s) => (variants.get(s.slug) ?? []).length > 0);
  const hashes = new Map(withVariants.map((s) => [s.slug, stageHash({ contentRoot: places.contentRoot, referenceDir: places.referenceDir, slug: s.slug, entry: manifestEntry(places.contentRoot, s.slug), variants: variants.get(s.slug) ?? [], sources: variantSources(places, s.command) })]));
  const problems: string[] = [];
  for (const variant of withVariants.flatMap((s) => variants.get(s.slug) ?? [])) {
    const problem = await variantProblem(variant, places);
    if (problem) problems.push(problem);
  }
  const stale = staleStages(file, hashes);
  const version = stale.length > 0 ? recordedVersion(places.contentRoot) : undefined;
  const outcome: KnownOutcome = {
    stale: stale.map((slug) => ({ slug, why: staleReason(version, file?.stages[slug] !== undefined) })),
    fresh: withVariants.length - stale.length,
    problems,
  };
  if (check || stale.length === 0 || problems.length > 0) return outcome;
  const tables: Record<string, StageKnownMistakes> = {};
  // Stages in manifest order; the tables of stages no longer in the manifest are dropped. Written after each stage, so
  // that a long recording cut short keeps the stages it finished.
  const write = () => writeKnownMistakes(places.contentRoot, Object.fromEntries(course.stages.flatMap((s) => {
    const table = tables[s.slug] ?? (stale.includes(s.slug) ? undefined : file?.stages[s.slug]);
    return table ? [[s.slug, table] as const] : [];
  })));
  for (const stage of withVariants) {
    const hash = hashes.get(stage.slug) as string;
    if (!stale.includes(stage.slug)) continue;
    const first: VariantPrints[] = [];
    const second: VariantPrints[] = [];
    for (const variant of variants.get(stage.slug) ?? []) {
      progress(`known mistakes: ${stage.slug}/${variant.name}`);
      const [a, b] = await variantPrints(variant, stage, course, places);
      first.push(a);
      second.push(b);
    }
    tables[stage.slug] = stageTable(hash, first, second);
    await write();
  }
  return outcome;
}
