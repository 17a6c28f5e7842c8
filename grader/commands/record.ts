import { resolve } from 'node:path';
import { loadCourse } from '../run/course-loader.ts';
import { recordCases, type RecordOutcome } from '../run/record.ts';
import type { RecordDecision } from '../course/core/record-decision.ts';
import { GraderError } from '../run/grader-error.ts';
import { referenceCourseDir } from '../course/io/reference-course.ts';
import { type CommonArgs, contentRootOf, selectionOf } from './options.ts';
import { testOptionsOf } from './test-args.ts';
import { sandboxOptionsOf } from './sandbox-options.ts';
import { recordKnownMistakes, type KnownOutcome } from '../known/io/record-known.ts';
import { KNOWN_MISTAKES_FILE } from '../known/core/known-mistakes.ts';

/** Flags of `record`. */
export type RecordArgs = CommonArgs & { check: boolean; update: boolean; force: boolean };

const RECORD_TIMEOUT_MS = 30_000;

const HEADINGS: Record<Exclude<RecordDecision['status'], 'unchanged'>, string> = {
  filled: 'filled',
  updated: 'updated',
  kept: 'kept',
  held: 'held',
  stale: 'stale:',
  unrecordable: 'unrecordable:',
};

// The block printed for one case that record did (or would do) something with.
function outcomeBlock(o: RecordOutcome): string {
  if (o.decision.status === 'unchanged') return '';
  const lines = o.decision.lines.map((l) => `    ${l}`);
  return [`${HEADINGS[o.decision.status]} ${o.file} (${o.name})`, ...lines].join('\n');
}

// `dispatch-lab record`: fill empty expectations ("expect": {}) from the reference; --update also replaces hand-written
// ones that differ; --check writes nothing and fails when any case is stale (CI).
export async function recordCommand(args: RecordArgs): Promise<number> {
  if (args.check && args.update) throw new GraderError(['--check and --update do not go together: --check writes nothing']);
  if (args.check && args.force) throw new GraderError(['--check and --force do not go together: --check writes nothing']);
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot, args.cases ?? []);
  const courseDir = referenceCourseDir(args, contentRoot);
  const run = {
    ...testOptionsOf(args, course, []),
    ...(await sandboxOptionsOf(args, contentRoot, [courseDir])),
    courseDir,
    selection: { ...selectionOf(args), all: true },
    // The reference is slow only on purpose (timeout cases); give it room so a busy machine records nothing wrong.
    defaultTimeoutMs: RECORD_TIMEOUT_MS,
    keepFullOutput: true,
  };
  const outcomes = await recordCases({ run, contentRoot, check: args.check, update: args.update, force: args.force, named: args.case !== undefined });
  const count = (status: RecordDecision['status']) => outcomes.filter((o) => o.decision.status === status).length;
  for (const o of outcomes) {
    const block = outcomeBlock(o);
    if (block !== '') process.stdout.write(`${block}\n`);
  }
  const parts = [`${count('unchanged')} unchanged`, `${count('filled')} filled`, `${count('updated')} updated`, `${count('kept')} kept`, `${count('held')} held`, `${count('stale')} stale`, `${count('unrecordable')} unrecordable`];
  process.stdout.write(`${parts.join(', ')}\n`);
  if (count('unrecordable') > 0) return 2;
  const stages = course.stages.filter((s) => args.stage.length === 0 || args.stage.includes(s.slug));
  const places = { contentRoot, referenceDir: courseDir, mutantsDir: resolve(courseDir, 'test/mutants') };
  const known = await recordKnownMistakes(course, stages, places, args.check, (line) => process.stderr.write(`${line}\n`));
  const knownFailed = known ? reportKnown(known, args.check) : false;
  return count('stale') + count('kept') + count('held') > 0 || knownFailed ? 1 : 0;
}

// Print what record did with the library of known mistakes; true when that fails the command (--check found it stale,
// or a variant cannot be built).
function reportKnown(known: KnownOutcome, check: boolean): boolean {
  for (const problem of known.problems) process.stdout.write(`known mistakes: ${problem}\n`);
  for (const { slug, why } of known.stale) {
    process.stdout.write(check
      ? `stale: ${KNOWN_MISTAKES_FILE}: stage ${slug}: ${why}; refresh it with: npx dispatch-lab record --stage ${slug}\n`
      : known.problems.length > 0 ? `not recorded: ${KNOWN_MISTAKES_FILE}: stage ${slug}\n` : `recorded: ${KNOWN_MISTAKES_FILE}: stage ${slug} (${why})\n`);
  }
  const stale = known.stale.length;
  process.stdout.write(`known mistakes: ${known.fresh} stages fresh, ${stale} ${check ? 'stale' : 'recorded'}\n`);
  return known.problems.length > 0 || (check && stale > 0);
}
