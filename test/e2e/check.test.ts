import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { courseSubset, type CourseSubset } from './course-subset.ts';

const ECHO = 'reference/tools/echo.ts';
const echoSource = readFileSync(join(repoRoot, ECHO), 'utf8');

// A mutant of reference/tools/echo.ts as a patch: its header, then the diff of `from` → `to` in today's file.
function echoMutant(what: string, caughtBy: string, from: string, to: string): string {
  if (!echoSource.includes(from)) throw new Error(`${ECHO} no longer holds ${JSON.stringify(from)}: update this test's mutants`);
  const patch = createTwoFilesPatch(`a/${ECHO}`, `b/${ECHO}`, echoSource, echoSource.replace(from, to), undefined, undefined, { headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true } });
  return `// Mutant: ${what}\n// Caught by: ${caughtBy}\n${patch}`;
}

let course: CourseSubset;
let mutants: string;
beforeAll(async () => {
  // The echo stage with its first three cases, and three mutants: one its empty-text case catches, one with no bug, and
  // one whose patch no longer applies.
  course = await courseSubset(['echo'], 3);
  mutants = await mkdtemp(join(tmpdir(), 'dispatch-lab-check-mutants-'));
  await mkdir(join(mutants, 'echo'));
  const answer = 'success(value)';
  await writeFile(join(mutants, 'echo/empty-text-named.patch'), echoMutant('an empty text is answered as "empty"', 'empty-text', answer, "success(value === '' ? 'empty' : value)"));
  await writeFile(join(mutants, 'echo/no-bug.patch'), echoMutant('none: only a comment changed', 'empty-text', '// Hands the text', '// Gives the text'));
  // A patch made against an older echo.ts: its context is no longer in today's file.
  await writeFile(join(mutants, 'echo/stale.patch'), echoMutant('an empty text is answered as "nothing"', 'empty-text', answer, "success(value === '' ? 'nothing' : value)").replace(answer, 'success(String(value))'));
});
afterAll(async () => {
  await course.dispose();
  await rm(mutants, { recursive: true, force: true });
});

describe('dispatch-lab check (e2e)', () => {
  it('prints a verdict per row of the guide\'s table, fails the mutants row of a stage whose mutant survives, and exits 1', async () => {
    const run = await runCli(['check', '--content', course.dir, '--mutants', mutants], { timeoutMs: 600_000 });
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const rows = run.stdout.split('\n').filter((l) => /^[✓✗] \d\./.test(l));
    expect(rows.map((l) => l.slice(0, 5))).toEqual(['✓ 1. ', '✓ 2. ', '✓ 3. ', '✓ 4. ', '✓ 5. ', '✗ 6. ', '✓ 7. ']);
    expect(rows[2]).toContain('validate');
    expect(rows[3]).toContain('record --check');
    expect(rows[4]).toContain('verify');
    expect(rows[6]).toContain('known mistakes');
    expect(rows[5]).toMatch(/^✗ 6\. mutants: .*: 3 problems; alone: npx vitest run test\/mutants$/);
    const details = run.stdout.split('\n').filter((l) => l.startsWith('    '));
    expect(details).toEqual([
      `    ${mutants}/echo/: 3 mutants, a stage needs at least 5: add one-bug variants of the reference (see "Mutants" in docs/authoring.md)`,
      '    echo/no-bug survived all 3 cases: add a case that catches it, and name it in its "// Caught by:" line',
      `    ${mutants}/echo/stale.patch: the patch no longer applies to today's ${ECHO}: remake it against the current file (diff -u)`,
    ]);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('check: 1 of 7 rows fail');
  }, 600_000);

  it('refuses an unknown --stage with a suggestion, before running anything (exit 2)', async () => {
    const run = await runCli(['check', '--content', course.dir, '--stage', 'ecoh']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('dispatch-lab: --stage ecoh: no such stage (did you mean "echo"?); see: npx dispatch-lab stages\n');
  });
});
