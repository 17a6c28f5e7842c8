// Every one-bug variant of the reference under test/mutants/<stage>/ is graded through the real CLI
// on its stage, and must fail there, on one of the cases its header names ("// Caught by: …").
// How to add one: copy the reference module it changes into test/mutants/<stage>/<bug>.ts, fix its
// relative imports to point at reference/, make the one change, and write the three header lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMutants, type Mutant } from './mutant-file.ts';
import { gradeMutant, MUTANTS_DIR } from './grade-mutant.ts';
import { repoRoot } from '../e2e/cli.ts';

type Manifest = { stages: { slug: string; command: string }[] };
const manifest = JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as Manifest;
const slugs = manifest.stages.map((s) => s.slug);
// Every stage of the course up to parallel-calls has mutants: at least 3 for a dispatch stage, 5 for a later one.
const REQUIRED_STAGES = slugs.slice(0, slugs.indexOf('parallel-calls') + 1);
const minimumOf = (slug: string): number => (manifest.stages.find((s) => s.slug === slug)?.command === 'dispatch' ? 3 : 5);
const byStage = listMutants(MUTANTS_DIR);
const STAGES = [...byStage.keys()].sort((a, b) => slugs.indexOf(a) - slugs.indexOf(b));
// Generous: a busy machine grades one stage in well under a minute, an idle one in seconds.
const PER_MUTANT_MS = 180_000;

// What is wrong with how the grader judged one mutant, or nothing.
async function problemOf(mutant: Mutant): Promise<string | undefined> {
  const grade = await gradeMutant(mutant);
  const where = `${mutant.stage}/${mutant.name}`;
  if (grade.total === 0) return `${where}: no case was graded (exit ${grade.exitCode})\n${grade.output}`;
  if (grade.failed.length === 0) return `${where} survived all ${grade.total} cases`;
  if (!grade.failed.some((name) => mutant.caughtBy.includes(name))) {
    return `${where} is caught by ${grade.failed.join(', ')}, not by ${mutant.caughtBy.join(', ')} as its header says`;
  }
  return undefined;
}

describe('mutants', () => {
  it('live in folders named after stages of the manifest', () => {
    expect(STAGES.filter((stage) => !slugs.includes(stage))).toEqual([]);
  });

  it.each(REQUIRED_STAGES)('cover stage %s (3 for a dispatch stage, 5 for a later one)', (stage) => {
    expect(byStage.get(stage)?.length ?? 0).toBeGreaterThanOrEqual(minimumOf(stage));
  });

  describe.each(STAGES)('of stage %s', (stage) => {
    const mutants = byStage.get(stage) ?? [];
    it(`fail on the cases their headers name (${mutants.map((m) => m.name).join(', ')})`, async () => {
      const problems: string[] = [];
      for (const mutant of mutants) {
        const problem = await problemOf(mutant);
        if (problem) problems.push(problem);
      }
      expect(problems).toEqual([]);
    }, PER_MUTANT_MS * Math.max(1, mutants.length));
  });
});
