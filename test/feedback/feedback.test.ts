// Feedback quality, measured: each variant under test/feedback/<stage>/ is the reference with one typical student
// mistake (a small override of one function). Graded on its stage through the real CLI, the first failure block must
// name the path of the mistake and carry a note, likely mistake or hint that answers it (the header's Path and Note).
// The figure (how many of the variants get such a first block) must stay at 90 % or more, and every stage has one.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../e2e/cli.ts';
import { privateFolder } from '../e2e/scenario.ts';
import { listVariants, type Variant } from './variant-file.ts';
import { variantCourse } from './build-variant.ts';
import { firstBlock } from './first-block.ts';
import { manifestStages } from './reference-outputs.ts';

const variants = listVariants(join(import.meta.dirname, '.'));
/** Variants graded at once; each grading runs its stage's cases 4 at a time. */
const PARALLEL = 2;
const TARGET = 0.9;

// What is wrong with the first failure block of a variant's stage, or undefined when it points at the mistake.
async function problemOf(variant: Variant): Promise<string | undefined> {
  const course = await variantCourse(variant).catch((error: Error) => error);
  if (course instanceof Error) return `${variant.stage}/${variant.name}: does not build: ${course.message}`;
  const folder = await privateFolder();
  try {
    const run = await runCli(['test', '--dir', course.dir, '--stage', variant.stage, '--jobs', '4', '--timeout', '30000'], { env: { TMPDIR: folder.tmp }, timeoutMs: 300_000 });
    const where = `${variant.stage}/${variant.name}`;
    const block = firstBlock(run.stdout);
    if (!block) return `${where}: no failure block (exit ${run.exitCode})\n${run.stdout.slice(-2000)}${run.stderr}`;
    if (!block.paths.some((p) => variant.path.test(p))) return `${where}: the first block names ${block.paths.join(', ') || 'no path'}, not ${variant.path}\n${block.text}`;
    if (!block.answers.some((a) => variant.note.test(a))) return `${where}: no note, likely mistake or hint matches ${variant.note}\n${block.text}`;
    return undefined;
  } finally {
    await folder.dispose();
    await course.dispose();
  }
}

// Runs `task` over `items`, `parallel` at a time (the next item starts as soon as one ends, so a long MCP stage does not
// hold a slot idle), results in item order.
async function inParallel<T, R>(items: T[], parallel: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
  return results;
}

describe('feedback on one-mistake variants', () => {
  it('has at least 30 variants, at least one for every stage of the course', () => {
    expect(variants.length).toBeGreaterThanOrEqual(30);
    const covered = new Set(variants.map((v) => v.stage));
    expect(manifestStages().map((s) => s.slug).filter((slug) => !covered.has(slug))).toEqual([]);
  });

  it(`points the first failure block at the mistake in ${TARGET * 100} % of them or more`, async () => {
    const problems = (await inParallel(variants, PARALLEL, problemOf)).filter((p): p is string => p !== undefined);
    const pointed = variants.length - problems.length;
    // The figure, for the record (and the report): pointed of total.
    console.log(`feedback: the first block points at the mistake in ${pointed} of ${variants.length} variants${problems.length > 0 ? `; missed:\n${problems.join('\n\n')}` : ''}`);
    expect(pointed / variants.length, problems.join('\n\n')).toBeGreaterThanOrEqual(TARGET);
  }, 30 * 60_000);
});
