// Every one-bug variant of the reference under test/mutants/<stage>/ (a patch, applied to today's reference) is graded on its stage, and
// must fail there, on one of the cases its header names ("// Caught by: …"); every stage of the manifest needs at least
// MIN_MUTANTS. Stages, their commands and their mutants all come from stages/stages.json and the folders here: a new
// stage's mutants are graded the day its folder exists. How to add one: docs/authoring.md, "Mutants".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_MUTANTS, mutantCountProblems, mutantProblem } from '../../grader/mutants/core/mutants.ts';
import { gradeMutant, listMutants, mutantEntry } from '../../grader/mutants/io/mutants.ts';
import { repoRoot } from '../e2e/cli.ts';

type Manifest = { stages: { slug: string; command: string; draft?: boolean }[] };
const manifest = JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as Manifest;
const MUTANTS_DIR = import.meta.dirname;
const byStage = listMutants(MUTANTS_DIR);
const STAGES = manifest.stages.filter((s) => byStage.has(s.slug));
// Generous: a busy machine grades one case of a stage in well under a minute, an idle one in a second or two.
const PER_MUTANT_MS = 180_000;

describe('mutants', () => {
  it(`live in folders named after stages of the manifest, at least ${MIN_MUTANTS} for each stage`, () => {
    const counts = new Map([...byStage].map(([stage, mutants]) => [stage, mutants.length]));
    expect(mutantCountProblems(manifest.stages, counts, 'test/mutants')).toEqual([]);
  });

  describe.each(STAGES.map((stage) => [stage.slug, stage] as const))('of stage %s', (_slug, stage) => {
    const mutants = byStage.get(stage.slug) ?? [];
    const setting = { contentRoot: repoRoot, referenceDir: repoRoot, entry: mutantEntry(MUTANTS_DIR, repoRoot, stage.command) };
    it(`fail on the cases their headers name (${mutants.map((m) => m.name).join(', ')})`, async () => {
      const problems: string[] = [];
      for (const mutant of mutants) {
        const problem = mutantProblem(mutant, await gradeMutant(mutant, setting));
        if (problem) problems.push(problem);
      }
      expect(problems).toEqual([]);
    }, PER_MUTANT_MS * Math.max(1, mutants.length));
  });
});
