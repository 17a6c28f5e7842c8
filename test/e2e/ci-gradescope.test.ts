import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePrograms, runCli } from './cli.ts';
import { type CiCourse, ciCourse } from './ci-content.ts';

type Results = { score: number; max_score?: number; execution_time?: number; output: string; output_format: string; tests: { name: string; number: string; score: number; max_score: number; status: string; output: string; output_format: string; visibility: string }[] };

let course: CiCourse;
beforeAll(async () => {
  course = await ciCourse();
});
afterAll(() => course.dispose());

async function gradescopeRun(args: string[], name: string): Promise<{ exitCode: number; results: Results }> {
  const file = join(course.scratch, `${name}.json`);
  const run = await runCli(['test', '--content', course.dir, '--reporter', 'pretty', '--output-file', `gradescope=${file}`, ...args], { timeoutMs: 180_000 });
  return { exitCode: run.exitCode, results: JSON.parse(await readFile(file, 'utf8')) as Results };
}

describe('gradescope results.json (e2e)', () => {
  it('a passing submission: every test passed, stage points spread exactly', async () => {
    const { exitCode, results } = await gradescopeRun(['--stage', 'second'], 'passing');
    expect(exitCode).toBe(0);
    expect([results.score, results.max_score, results.output_format]).toEqual([10, 10, 'text']);
    expect(typeof results.execution_time).toBe('number');
    expect(results.tests.map((t) => [t.name, t.number, t.score, t.max_score, t.status, t.output, t.visibility])).toEqual([
      ['second › b1', '1.1', 3.34, 3.34, 'passed', '', 'visible'],
      ['second › b2', '1.2', 3.33, 3.33, 'passed', '', 'visible'],
      ['second › b3', '1.3', 3.33, 3.33, 'passed', '', 'visible'],
    ]);
  });

  it('a failing submission: the failed test shows its first difference and hint', async () => {
    const { exitCode, results } = await gradescopeRun(['--stage', 'first', '--case', 'a3'], 'failing');
    expect(exitCode).toBe(1);
    expect([results.score, results.max_score]).toEqual([0, 1]);
    expect(results.tests).toEqual([{ name: 'first › a3', number: '1.1', score: 0, max_score: 1, status: 'failed', output: 'results[0].content: expected "not a3", received "a3"\nhint: echo hands back a3', output_format: 'text', visibility: 'visible' }]);
  });

  it('a submission that does not build still gets a valid file: score 0, the reason in output', async () => {
    const { exitCode, results } = await gradescopeRun(['--dir', join(fixturePrograms, 'syntax-error'), '--all'], 'broken');
    expect(exitCode).toBe(1);
    expect([results.score, results.max_score, results.tests.length]).toEqual([0, 18, 10]);
    expect(results.tests.every((t) => t.status === 'failed' && t.score === 0)).toBe(true);
    expect(results.output).toMatch(/^dispatch-lab: 0\/18 points · 0 of 10 cases passed\n\nfirst: 0\/5 cases, 0\/5 points\nsecond: 0\/3 cases, 0\/10 points \(not run\)\n[\s\S]*\nfirst: program\.ts could not be run:\n.*Expected/);
    expect(results.tests[0]?.output).toBe('program.ts did not build\nhint: echo hands back a1');
  });

  it('a submission without program.ts still gets a valid file (exit 2): score 0 and the reason', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'dispatch-lab-empty-'));
    try {
      const { exitCode, results } = await gradescopeRun(['--dir', empty], 'missing');
      expect(exitCode).toBe(2);
      expect(results).toEqual({ score: 0, output: expect.stringContaining(`dispatch-lab could not grade this submission:\n  no program.ts in ${empty}`), output_format: 'text', tests: [] });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
