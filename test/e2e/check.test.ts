import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { courseSubset, type CourseSubset } from './course-subset.ts';

// A mutant of reference/tools/echo.ts: `bug` is the body's last line (the reference's own when there is no bug).
function echoMutant(what: string, caughtBy: string, bug: string): string {
  const reference = join(repoRoot, 'reference');
  return [
    `// Mutant: ${what}`,
    '// Replaces: reference/tools/echo.ts',
    `// Caught by: ${caughtBy}`,
    `import type { ToolOutput } from '${reference}/types.ts';`,
    `import { Failure } from '${reference}/failure.ts';`,
    `import { success } from '${reference}/results.ts';`,
    `import { requireString } from '${reference}/params.ts';`,
    '',
    'export async function echo(text: unknown): Promise<ToolOutput> {',
    "  const value = requireString('text', text);",
    `  ${bug}`,
    '}',
    '',
  ].join('\n');
}

let course: CourseSubset;
let mutants: string;
beforeAll(async () => {
  // The echo stage with its first three cases, and two mutants: one its empty-text case catches, one with no bug.
  course = await courseSubset(['echo'], 3);
  mutants = await mkdtemp(join(tmpdir(), 'dispatch-lab-check-mutants-'));
  await mkdir(join(mutants, 'echo'));
  await writeFile(join(mutants, 'echo/empty-text-named.ts'), echoMutant('an empty text is answered as "empty"', 'empty-text', "return value instanceof Failure ? value.toOutput() : success(value === '' ? 'empty' : value);"));
  await writeFile(join(mutants, 'echo/no-bug.ts'), echoMutant('none: the reference itself', 'empty-text', 'return value instanceof Failure ? value.toOutput() : success(value);'));
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
    expect(rows.map((l) => l.slice(0, 5))).toEqual(['✓ 1. ', '✓ 2. ', '✓ 3. ', '✓ 4. ', '✓ 5. ', '✗ 6. ']);
    expect(rows[2]).toContain('validate');
    expect(rows[3]).toContain('record --check');
    expect(rows[4]).toContain('verify');
    expect(rows[5]).toMatch(/^✗ 6\. mutants: .*: 2 problems; alone: npx vitest run test\/mutants$/);
    const details = run.stdout.split('\n').filter((l) => l.startsWith('    '));
    expect(details).toEqual([
      `    ${mutants}/echo/: 2 mutants, a stage needs at least 5: add one-bug variants of the reference (see "Mutants" in docs/authoring.md)`,
      '    echo/no-bug survived all 3 cases: add a case that catches it, and name it in its "// Caught by:" line',
    ]);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('check: 1 of 6 rows fail');
  }, 600_000);

  it('refuses an unknown --stage with a suggestion, before running anything (exit 2)', async () => {
    const run = await runCli(['check', '--content', course.dir, '--stage', 'ecoh']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('dispatch-lab: --stage ecoh: no such stage (did you mean "echo"?); see: npx dispatch-lab stages\n');
  });
});
