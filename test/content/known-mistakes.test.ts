// The shipped library of known mistakes (cases/known-mistakes.json): within its size budget, fresh (recorded from
// today's cases, mutants and reference), and self-consistent: every mutant is named by the library on at least one case
// of its stage, so the first block a submission with that one bug is shown (a known-mistake failure comes first) names it.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_MISTAKES_BUDGET_BYTES, KNOWN_MISTAKES_FILE } from '../../grader/known/core/known-mistakes.ts';
import { readKnownMistakes } from '../../grader/known/io/known-mistakes-file.ts';
import { recordKnownMistakes } from '../../grader/known/io/record-known.ts';
import { stageVariants } from '../../grader/known/io/variants.ts';
import { loadCourse } from '../../grader/run/course-loader.ts';
import { repoRoot } from '../e2e/cli.ts';
import { TIMING_DEPENDENT } from '../mutants/timing-dependent.ts';

const MUTANTS_DIR = join(repoRoot, 'test/mutants');
const library = readKnownMistakes(repoRoot);
// Every mutant has a fingerprint (a crash, a report on stderr and a timeout too: grader/known/core/fingerprint.ts; a
// temp path does not change one, the case's temp names are masked), but one whose output depends on timing may go
// unnamed: a recording keeps only what its two runs printed alike.
const variants = stageVariants(MUTANTS_DIR);

describe(KNOWN_MISTAKES_FILE, () => {
  it(`parses and stays within ${KNOWN_MISTAKES_BUDGET_BYTES} bytes`, () => {
    expect(library).toBeDefined();
    expect(statSync(join(repoRoot, KNOWN_MISTAKES_FILE)).size).toBeLessThanOrEqual(KNOWN_MISTAKES_BUDGET_BYTES);
  });

  it('is fresh: every stage with mutants was recorded from today\'s content (else: npx dispatch-lab record)', async () => {
    const course = await loadCourse(repoRoot);
    const known = await recordKnownMistakes(course, course.stages, { contentRoot: repoRoot, referenceDir: repoRoot, mutantsDir: MUTANTS_DIR }, true);
    expect(known?.problems).toEqual([]);
    expect(known?.stale.map((s) => s.slug)).toEqual([]);
  });

  it('holds each mutant\'s whole failing set: sorted, every case with its print among them, none both failed and unsure, the unprinted among the failed and without a print', () => {
    const problems: string[] = [];
    for (const [stage, table] of Object.entries(library?.stages ?? {})) {
      for (const [name, mistake] of Object.entries(table.mistakes)) {
        const printed = Object.entries(table.cases).filter(([, byPrint]) => Object.values(byPrint).some((names) => names.includes(name))).map(([key]) => key);
        if (mistake.fails.join() !== [...mistake.fails].sort().join()) problems.push(`${stage}/${name}: fails is not sorted`);
        for (const key of printed.filter((k) => !mistake.fails.includes(k))) problems.push(`${stage}/${name}: prints on ${key}, which is not in its fails`);
        for (const key of (mistake.unsure ?? []).filter((k) => mistake.fails.includes(k))) problems.push(`${stage}/${name}: ${key} is both failed and unsure`);
        for (const key of (mistake.unprinted ?? []).filter((k) => !mistake.fails.includes(k) || printed.includes(k))) problems.push(`${stage}/${name}: ${key} is unprinted, yet not failed or printed`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names every mutant on at least one case of its stage, with its own description, but those whose output depends on timing', () => {
    const unnamed: string[] = [];
    for (const [stage, list] of variants) {
      const table = library?.stages[stage];
      for (const variant of list) {
        const named = Object.values(table?.cases ?? {}).some((byPrint) => Object.values(byPrint).some((names) => names.includes(variant.name)));
        if (!named || table?.mistakes[variant.name]?.description !== variant.description) unnamed.push(`${stage}/${variant.name}`);
      }
    }
    expect(unnamed.filter((name) => !Object.hasOwn(TIMING_DEPENDENT, name)).sort()).toEqual([]);
  });
});
