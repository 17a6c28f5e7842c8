// Every one-bug variant of the reference under test/mutants/<stage>/ (a patch, applied to today's reference) is graded on its stage, and
// must fail there, on one of the cases its header names ("// Caught by: …"); every stage of the manifest needs at least
// MIN_MUTANTS. Stages, their commands and their mutants all come from stages/stages.json and the folders here: a new
// stage's mutants are graded the day its folder exists. How to add one: docs/authoring.md, "Mutants".
// The same runs check the library of known mistakes against real output: where cases/known-mistakes.json names a
// mutant on the case that caught it, that case's block names the mutant's mistake.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_MUTANTS, mutantCountProblems, mutantProblem } from '../../grader/mutants/core/mutants.ts';
import { gradeMutant, listMutants, mutantEntry } from '../../grader/mutants/io/mutants.ts';
import { repoRoot } from '../e2e/cli.ts';
import { knownMistakesLoader, readKnownMistakes } from '../../grader/known/io/known-mistakes-file.ts';
import { TIMING_DEPENDENT } from './timing-dependent.ts';

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

  // The stages side by side (vitest's maxConcurrency at once): most of a stage's time is spent waiting on the timers its
  // mutants run into (bash timeouts, parallel-calls' latches), and one stage after another held a worker of the suite
  // nearly idle for two minutes.
  const rows = STAGES.map((stage) => ({ slug: stage.slug, names: (byStage.get(stage.slug) ?? []).map((m) => m.name).join(', '), stage }));
  const timeout = PER_MUTANT_MS * Math.max(1, ...rows.map((row) => byStage.get(row.slug)?.length ?? 0));
  it.for(rows)('of stage $slug fail on the cases their headers name ($names), and their blocks name the known mistake', { concurrent: true, timeout }, async ({ stage }, { expect }) => {
    const mutants = byStage.get(stage.slug) ?? [];
    const setting = { contentRoot: repoRoot, referenceDir: repoRoot, entry: mutantEntry(MUTANTS_DIR, repoRoot, stage.command), knownMistakes: knownMistakesLoader(repoRoot) };
    const table = readKnownMistakes(repoRoot)?.stages[stage.slug];
    const problems: string[] = [];
    const unnamed: string[] = [];
    for (const mutant of mutants) {
      const grade = await gradeMutant(mutant, setting);
      const problem = mutantProblem(mutant, grade);
      if (problem) problems.push(problem);
      // The case that caught it, when the library says what the mutant prints there.
      const printsOn = (name: string) => Object.values(table?.cases[name] ?? {}).some((names) => names.includes(mutant.name));
      const caught = grade.failed.find(printsOn);
      const recorded = table?.mistakes[mutant.name];
      const description = recorded?.description;
      const says = description !== undefined && grade.output.split('\n').some((line) => line.startsWith('  known mistake: ') && line.includes(description));
      // A mutant with a failing case whose print the library does not hold though it was known (shared by too many
      // variants) cannot be matched exactly, so it must never be named; every other one must be, on its own run (a case
      // it fails with no print known, unprinted, is compared by verdict alone).
      const leftOut = new Set([...(recorded?.unsure ?? []), ...(recorded?.unprinted ?? [])]);
      const unknownSomewhere = (recorded?.fails ?? []).some((name) => !printsOn(name) && !leftOut.has(name));
      // (A timing-dependent one may be named here: this run has only the cases its header names, not the one whose print
      // the recording runs disagreed on, which a whole stage's run has and which keeps it unnamed there.)
      const timing = Object.hasOwn(TIMING_DEPENDENT, `${stage.slug}/${mutant.name}`);
      if (caught && unknownSomewhere && says && !timing) unnamed.push(`${stage.slug}/${mutant.name}: named, though its print on some failing case is not recorded\n${grade.output}`);
      if (caught && !unknownSomewhere && description && !timing && !says) unnamed.push(`${stage.slug}/${mutant.name} on ${caught}: its block does not name "${description}"\n${grade.output}`);
    }
    expect(problems).toEqual([]);
    expect(unnamed).toEqual([]);
  });
});
