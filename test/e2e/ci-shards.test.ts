import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { type CiCourse, ciCourse } from './ci-content.ts';

type Doc = { summary: Record<string, number>; next?: string; run: Record<string, unknown>; stages: { slug: string; status: string; cases: { name: string; status: string; durationMs: number }[] }[] };

let course: CiCourse;
let unsharded: Doc;
const shardFiles: string[] = [];

// The report without what differs between runs of the same cases (durations).
function comparable(doc: Doc): unknown {
  return {
    summary: { ...doc.summary, durationMs: 0 },
    next: doc.next,
    stages: doc.stages.map((s) => ({ ...s, cases: s.cases.map((c) => ({ ...c, durationMs: 0 })) })),
  };
}

async function jsonRun(args: string[], file: string): Promise<Doc> {
  const run = await runCli(['test', '--content', course.dir, '--reporter', 'json', '--output-file', `json=${file}`, '--jobs', '2', ...args], { timeoutMs: 180_000 });
  expect(run.stderr).toBe('');
  // 1 when a case of this run fails, 0 when its share passes.
  expect([0, 1]).toContain(run.exitCode);
  return JSON.parse(await readFile(file, 'utf8')) as Doc;
}

beforeAll(async () => {
  course = await ciCourse();
  unsharded = await jsonRun([], join(course.scratch, 'all.json'));
  for (const i of [1, 2, 3]) {
    const file = join(course.scratch, `shard-${i}.json`);
    await jsonRun(['--shard', `${i}/3`], file);
    shardFiles.push(file);
  }
}, 600_000);
afterAll(() => course.dispose());

describe('merge-reports (e2e)', () => {
  it('merges shards 1/3, 2/3, 3/3 into the unsharded report, case by case', async () => {
    // The unsharded run stops after `first` fails; shard 1/3 passes its share of `first` and runs `second` and `third`.
    expect(unsharded.stages.map((s) => [s.slug, s.status])).toEqual([['first', 'fail'], ['second', 'skip'], ['third', 'skip']]);
    const shard1 = JSON.parse(await readFile(shardFiles[0]!, 'utf8')) as Doc;
    expect(shard1.stages.map((s) => s.status)).toEqual(['pass', 'pass', 'pass']);
    const out = join(course.scratch, 'merged.json');
    const run = await runCli(['merge-reports', ...shardFiles, '--reporter', 'pretty', '--output-file', `json=${out}`]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(' Score   4/18 points');
    const merged = JSON.parse(await readFile(out, 'utf8')) as Doc;
    expect(comparable(merged)).toEqual(comparable(unsharded));
    expect(merged.run).toEqual({ stages: [], all: false, bail: false, mergedFrom: 3 });
  });

  it('merges --all shards the same way, and emits junit and gradescope from them', async () => {
    const all = await jsonRun(['--all'], join(course.scratch, 'every.json'));
    const files = [];
    for (const i of [2, 1]) {
      const file = join(course.scratch, `every-${i}.json`);
      await jsonRun(['--all', '--shard', `${i}/2`], file);
      files.push(file);
    }
    const out = join(course.scratch, 'every-merged.json');
    const gradescope = join(course.scratch, 'results.json');
    const run = await runCli(['merge-reports', ...files, '--reporter', 'junit', '--output-file', `json=${out}`, '--output-file', `gradescope=${gradescope}`]);
    expect(run.exitCode).toBe(1);
    expect(comparable(JSON.parse(await readFile(out, 'utf8')) as Doc)).toEqual(comparable(all));
    expect(run.stdout).toMatch(/^<\?xml [^\n]*\n<testsuites name="dispatch-lab" tests="10" failures="1" errors="0" time="/);
    expect(run.stdout).toContain('<testsuite name="second" tests="3" failures="0" errors="0" skipped="0" time="');
    const results = JSON.parse(await readFile(gradescope, 'utf8')) as { score: number; max_score: number; tests: { name: string; score: number; max_score: number }[] };
    expect([results.score, results.max_score]).toEqual([17, 18]);
    expect(results.tests.filter((t) => t.name.startsWith('second ›')).map((t) => t.max_score)).toEqual([3.34, 3.33, 3.33]);
  }, 600_000);

  it('refuses overlapping, missing and foreign reports with exit 2, naming the file', async () => {
    const [one, two] = shardFiles as [string, string, string];
    const twice = await runCli(['merge-reports', one, two, one]);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toContain(`dispatch-lab: ${one}: shard 1/3 overlaps ${one} (the same shard twice)`);
    const missing = await runCli(['merge-reports', one, two]);
    expect([missing.exitCode, missing.stderr]).toEqual([2, 'dispatch-lab: missing shard 3/3: merge every shard of the run\n']);
    const foreign = join(course.scratch, 'foreign.json');
    const doc = JSON.parse(await readFile(two, 'utf8')) as Doc;
    await writeFile(foreign, JSON.stringify({ ...doc, run: { ...doc.run, all: true } }));
    const other = await runCli(['merge-reports', one, foreign, shardFiles[2]!]);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain(`dispatch-lab: ${foreign}: not a shard of the same run as ${one}`);
    const broken = join(course.scratch, 'broken.json');
    await writeFile(broken, '{"summary": ');
    const bad = await runCli(['merge-reports', broken]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`^dispatch-lab: ${broken}: `));
    const notReport = join(course.scratch, 'not-report.json');
    await writeFile(notReport, '{"stages": 3}');
    const shape = await runCli(['merge-reports', notReport]);
    expect(shape.exitCode).toBe(2);
    expect(shape.stderr).toContain(`dispatch-lab: ${notReport}: $: missing required property "summary"`);
  });
});
