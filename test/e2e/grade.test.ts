import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePrograms, runCli } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { openAsSpreadsheet } from '../spreadsheet-reading.ts';

type Book = {
  stages: string[];
  shard?: { index: number; count: number };
  submissions: { submission: string; score: number; maxScore: number; problem?: string; problemDetail?: string; omittedFailures?: number; stages: Record<string, { score: number; maxScore: number; mark: string }>; failures: { stage: string; cases: string[]; count: number; status: string; lost: number; difference: string; hint: string }[] }[];
};

let content: Content;
let out: string;
beforeAll(async () => {
  content = await echoContent();
  out = await mkdtemp(join(tmpdir(), 'dispatch-lab-gradebook-'));
});
afterAll(async () => {
  await content.dispose();
  await rm(out, { recursive: true, force: true });
});

// A small, fast selection: two cases of echo.
const TWO_CASES = ['--stage', 'echo', '--case', 'unknown-tool'];

async function bookAt(path: string): Promise<Book> {
  return JSON.parse(await readFile(path, 'utf8')) as Book;
}

describe('dispatch-lab grade (e2e)', () => {
  it('grades several submissions into a JSON, CSV and HTML gradebook, an ungradable one included', async () => {
    const buggy = join(fixturePrograms, 'write-not-routed');
    const missing = join(out, 'no-such-submission');
    // The register-tools cases about file paths: seven, of which write-not-routed fails the two that send Write.
    const run = await runCli(['grade', '.', buggy, missing, '--stage', 'register-tools', '--case', 'file', '--out', join(out, 'book')], { timeoutMs: 230_000 });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^\[1\/3\] \.: (\d+)\/\1 points, (\d+)\/\2 cases \(\d+(m\d\d)?s elapsed\)$/m);
    expect(run.stdout).toMatch(/^\[3\/3\] .*no-such-submission: 0\/\d+ points, 0\/\d+ cases \(.*elapsed\) — no program\.ts in /m);
    expect(run.stdout).toMatch(/^graded 2 submissions \((\d+) cases\) in \S+: [\d.]+ submissions\/min, [\d.]+ cases\/s$/m);
    expect(run.stdout).toContain(`gradebook: ${join(out, 'book')}.json, ${join(out, 'book')}.csv, ${join(out, 'book')}-failures.csv, ${join(out, 'book')}.html\n`);
    const csv = (await readFile(join(out, 'book.csv'), 'utf8')).trimEnd().split('\n');
    expect(csv[0]).toBe('name,submission,score,max_score,passed,total,first_failing_stage,register-tools points,register-tools max,problem');
    expect(csv[1]).toMatch(/^\.,\.,(\d+),\1,(\d+),\2,,\1,\1,$/);
    expect(csv[2]).toMatch(/^write-not-routed,\S+write-not-routed,(\d+),(\d+),\d+,\d+,register-tools,\1,\2,$/);
    expect(csv[3]).toMatch(/^no-such-submission,\S+no-such-submission,0,(\d+),0,\d+,,0,\1,no program\.ts in /);
    // Both CSVs as a spreadsheet opens them: no cell taken for a date or a formula, numbers in the number columns.
    const numeric = new Set(['score', 'max_score', 'passed', 'total', 'register-tools points', 'register-tools max', 'points_lost']);
    for (const file of ['book.csv', 'book-failures.csv']) {
      const { cells } = openAsSpreadsheet(await readFile(join(out, file), 'utf8'));
      expect(cells.length).toBeGreaterThan(10);
      expect(cells.filter((c) => (numeric.has(c.column) ? c.as !== 'number' || c.rule !== undefined : c.as !== 'text' && c.field !== ''))).toEqual([]);
    }
    const failureRows = openAsSpreadsheet(await readFile(join(out, 'book-failures.csv'), 'utf8')).cells.filter((c) => c.column === 'case');
    expect(failureRows.length).toBeGreaterThan(0);
    const book = await bookAt(join(out, 'book.json'));
    expect(book.stages).toEqual(['register-tools']);
    const [reference, withBug, absent] = book.submissions;
    expect(reference?.score).toBe(reference?.maxScore);
    expect(withBug?.score).toBeLessThan(withBug?.maxScore ?? 0);
    // The failed cases say which case cost what, and why: the first difference and the hint.
    const failed = withBug?.failures ?? [];
    expect(failed.reduce((sum, g) => sum + g.count, withBug?.omittedFailures ?? 0)).toBe((withBug?.maxScore ?? 0) - (withBug?.score ?? 0));
    expect(failed.every((g) => g.stage === 'register-tools' && g.lost === g.count && g.difference !== '' && g.hint !== '' && g.cases.length > 0)).toBe(true);
    expect(absent?.stages['register-tools']?.mark).toBe('not-run');
    expect(await readFile(join(out, 'book.html'), 'utf8')).toContain('<table id="gradebook">');
  }, 240_000);

  it('says why a submission crashed at start, on the console and in the gradebook', async () => {
    const crashing = join(fixturePrograms, 'throws-at-import');
    const run = await runCli(['grade', crashing, '--content', content.dir, ...TWO_CASES, '--out', join(out, 'crash')]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/throws-at-import: 0\/2 points, 0\/2 cases \(.*\) — program\.ts crashes at start: program\.ts:6:9: Error: aliases\.json is missing\n/);
    const [row] = (await bookAt(join(out, 'crash.json'))).submissions;
    expect(row?.problem).toBe('program.ts crashes at start: program.ts:6:9: Error: aliases.json is missing');
    expect(row?.problemDetail).toContain('at loadAliases (program.ts:6:9)');
    expect(row?.failures.map((g) => [g.difference, g.count])).toEqual([['program.ts crashes at start: program.ts:6:9: Error: aliases.json is missing', 2]]);
    expect(await readFile(join(out, 'crash.csv'), 'utf8')).toContain(',program.ts crashes at start: program.ts:6:9: Error: aliases.json is missing\n');
  });

  it('writes a report per submission with --output-file NAME=PATH holding {submission}, or a directory', async () => {
    const honest = join(fixturePrograms, 'honest');
    const buggy = join(fixturePrograms, 'write-not-routed');
    const reports = join(out, 'reports');
    const run = await runCli(['grade', honest, buggy, '--content', content.dir, ...TWO_CASES, '--out', join(out, 'per'), '--output-file', `json=${reports}/{submission}.json`, '--output-file', `junit=${reports}/xml/`]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect((await readdir(reports)).sort()).toEqual(['honest.json', 'write-not-routed.json', 'xml']);
    expect((await readdir(join(reports, 'xml'))).sort()).toEqual(['honest.xml', 'write-not-routed.xml']);
    const report = JSON.parse(await readFile(join(reports, 'honest.json'), 'utf8')) as { summary: { passed: number; total: number } };
    expect(report.summary).toMatchObject({ passed: 2, total: 2 });
    expect(await readFile(join(reports, 'xml', 'write-not-routed.xml'), 'utf8')).toMatch(/^<\?xml/);
  });

  it('refuses one fixed report file for many submissions, before grading anything', async () => {
    const run = await runCli(['grade', '.', '--out', join(out, 'never'), '--output-file', 'json=report.json']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('dispatch-lab: grade writes one json report per submission: put {submission} in the path');
  });

  it('--shard I/N grades a sorted share of the submissions into NAME-I, each on every case', async () => {
    const submissions = ['honest', 'write-not-routed', 'exits-3'].map((name) => join(fixturePrograms, name));
    const run = await runCli(['grade', ...submissions, '--content', content.dir, ...TWO_CASES, '--out', join(out, 'class'), '--shard', '1/2']);
    expect(run.stdout).toContain(`gradebook (shard 1/2: 2 of 3 submissions): ${join(out, 'class-1')}.json`);
    const book = await bookAt(join(out, 'class-1.json'));
    expect(book.shard).toEqual({ index: 1, count: 2 });
    expect(book.submissions.map((r) => [r.submission, r.maxScore])).toEqual([[join(fixturePrograms, 'exits-3'), 2], [join(fixturePrograms, 'write-not-routed'), 2]]);
  });

  it('piped, prints one plain line per submission and no escape codes', async () => {
    const run = await runCli(['grade', join(fixturePrograms, 'honest'), join(fixturePrograms, 'exits-3'), '--content', content.dir, ...TWO_CASES, '--out', join(out, 'plain')]);
    expect(run.stdout).not.toMatch(/\u001b|\r/);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('['))).toHaveLength(2);
  });
});
