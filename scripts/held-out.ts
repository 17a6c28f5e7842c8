// `npm run held-out`: grades every variant of the held-out set (test/held-out/<stage>/<name>.patch) on its own stage
// with the built CLI, two at a time, and scores each first failure block against the variant's Names regex. Writes
// test/held-out/RESULTS.md after a whole run; `--json` prints the scores as one JSON document on stdout; `--stage S`
// and `--variant NAME` (repeatable) grade a part only (and leave RESULTS.md alone). Progress goes to stderr (so
// `npm run -s held-out -- --json` gives the document alone: without -s, npm prints its banner on stdout).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseVariant, type HeldOutVariant } from './held-out/variant-patch.ts';
import { gradeVariant } from './held-out/grade-variant.ts';
import { totalsOf, type VariantScore } from './held-out/score.ts';
import { resultsMarkdown } from './held-out/results-markdown.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const setDir = join(repoRoot, 'test/held-out');
const VARIANTS_AT_ONCE = 2;

// Every variant of the set, in the manifest's stage order and by name; a file that cannot be used stops the run.
function listVariants(): HeldOutVariant[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'stages/stages.json'), 'utf8')) as { stages: { slug: string }[] };
  const slugs = manifest.stages.map((s) => s.slug);
  const folders = readdirSync(setDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const strays = folders.filter((f) => !slugs.includes(f));
  if (strays.length > 0) fail(`test/held-out/${strays[0]}: no stage of stages/stages.json has that slug: rename the folder to a stage's slug`);
  const problems: string[] = [];
  const variants: HeldOutVariant[] = [];
  for (const stage of slugs.filter((s) => folders.includes(s))) {
    for (const file of readdirSync(join(setDir, stage)).filter((f) => f.endsWith('.patch')).sort()) {
      const path = `test/held-out/${stage}/${file}`;
      const variant = parseVariant(stage, file.replace(/\.patch$/, ''), readFileSync(join(repoRoot, path), 'utf8'), path);
      if ('problem' in variant) problems.push(variant.problem);
      else variants.push(variant);
    }
  }
  if (problems.length > 0) fail(problems.join('\n'));
  return variants;
}

// Runs `grade` over the items, `limit` at a time, keeping the items' order in the answers.
async function mapPool<T, R>(items: readonly T[], limit: number, grade: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await grade(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function fail(message: string): never {
  process.stderr.write(`held-out: ${message}\n`);
  process.exit(2);
}

function commitOf(): string {
  const head = execFileSync('git', ['-C', repoRoot, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['-C', repoRoot, 'status', '--porcelain', '--', 'grader', 'harness', 'reference', 'stages', 'cases'], { encoding: 'utf8' }).trim() !== '';
  return dirty ? `${head} + changes` : head;
}

function progressLine(done: number, total: number, score: VariantScore): string {
  const verdict = score.status === 'failed' ? (score.namedBy === undefined ? 'not named' : 'named') : score.status === 'passed' ? 'PASSES EVERY CASE' : `fault (exit ${score.exitCode})`;
  const misfire = score.unmatchedAssertions.length > 0 ? ', possible misfire' : '';
  return `[${done}/${total}] ${score.stage}/${score.name}: ${verdict}${misfire}\n`;
}

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, stage: { type: 'string', multiple: true }, variant: { type: 'string', multiple: true } } });
const isPart = values.stage !== undefined || values.variant !== undefined;
const chosen = listVariants().filter((v) => (values.stage?.includes(v.stage) ?? true) && (values.variant?.includes(v.name) ?? true));
if (chosen.length === 0) fail('no variant matches --stage/--variant: see the folders and files of test/held-out/');
if (!existsSync(join(repoRoot, 'scripts/build.mjs'))) fail('scripts/build.mjs is missing: run this from a checkout of dispatch-lab');
// The grader as the branch has it now, built once before two CLIs at a time would each find it stale.
execFileSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });

const started = performance.now();
let done = 0;
const scores = await mapPool(chosen, VARIANTS_AT_ONCE, async (variant) => {
  const score = await gradeVariant(variant, repoRoot);
  process.stderr.write(progressLine(++done, chosen.length, score));
  return score;
});
const totals = totalsOf(scores);
const facts = { commit: commitOf(), date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), durationS: Math.round((performance.now() - started) / 1000) };
if (!isPart) writeFileSync(join(setDir, 'RESULTS.md'), resultsMarkdown(scores, totals, facts));
if (values.json) process.stdout.write(`${JSON.stringify({ ...facts, totals, variants: scores }, null, 2)}\n`);
process.stderr.write(`held-out: named by the first block: ${totals.named} of ${totals.failed} failing variants (${totals.namedPercent}); possible misfires: ${totals.possibleMisfires}; pass every case: ${totals.passed}; faults: ${totals.faults}${isPart ? '' : '; wrote test/held-out/RESULTS.md'}\n`);
