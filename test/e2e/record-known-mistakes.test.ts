// `record` keeps the library of known mistakes (cases/known-mistakes.json) fresh: it runs a stage's mutants only when
// the stage's hash changed, and `record --check` names a stale stage with the command that refreshes it.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';
import type { KnownMistakesFile } from '../../grader/known/core/known-mistakes.ts';

const LIBRARY = 'cases/known-mistakes.json';
const CASE = 'cases/echo/extra-fields-ignored.json';
// Generous: the echo mutants graded twice on three cases take seconds on an idle machine.
const RECORD_MS = 240_000;

describe('record and the library of known mistakes (e2e)', () => {
  let course: MiniCourse;
  const record = (...flags: string[]) => runCli(['record', '--content', course.dir, '--dir', repoRoot, '--jobs', '2', ...flags], { timeoutMs: RECORD_MS });
  const mutantRuns = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('known mistakes: echo/'));

  beforeAll(async () => {
    course = await miniCourse();
    // An empty file starts a library.
    await writeFile(course.path(LIBRARY), '');
  });
  afterAll(async () => {
    await course.dispose();
  });

  it('records the stale stage only, finds it fresh after, names it stale once a case changes, and re-records it', async () => {
    const stale = await record('--check');
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain(`stale: ${LIBRARY}: stage echo: ${LIBRARY} has no table for it; refresh it with: npx dispatch-lab record --stage echo\n`);

    const first = await record();
    expect(first.exitCode, first.stdout + first.stderr).toBe(0);
    expect(mutantRuns(first.stderr).length).toBeGreaterThanOrEqual(5);
    const library = JSON.parse(await readFile(course.path(LIBRARY), 'utf8')) as KnownMistakesFile;
    expect(Object.keys(library.stages)).toEqual(['echo']);
    expect(Object.keys(library.stages.echo?.cases ?? {}).length).toBeGreaterThan(0);

    // Unchanged: no mutant runs, and --check passes.
    const again = await record();
    expect(again.exitCode).toBe(0);
    expect(mutantRuns(again.stderr)).toEqual([]);
    expect(again.stdout).toContain('known mistakes: 1 stages fresh, 0 recorded\n');
    expect((await record('--check')).exitCode).toBe(0);

    // The case's expected output changes (to a matcher the reference still meets): the cases stay recorded, the library is stale.
    const path = course.path(CASE);
    const changed = (await readFile(path, 'utf8')).replace('{"content": "hi"}', '{"content": {"$regex": "^hi$"}}');
    await writeFile(path, changed);
    const check = await record('--check');
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toMatch(/^3 unchanged, .* 0 stale, 0 unrecordable$/m);
    expect(check.stdout).toContain(`stale: ${LIBRARY}: stage echo: its cases, manifest entry, mutants or the reference changed since it was recorded; refresh it with: npx dispatch-lab record --stage echo\n`);

    const refresh = await record('--stage', 'echo');
    expect(refresh.exitCode).toBe(0);
    expect(mutantRuns(refresh.stderr).length).toBe(mutantRuns(first.stderr).length);
    const fresh = await record('--check');
    expect(fresh.exitCode, fresh.stdout).toBe(0);
    expect(fresh.stdout).toContain('known mistakes: 1 stages fresh, 0 stale\n');
  }, 4 * RECORD_MS);
});
