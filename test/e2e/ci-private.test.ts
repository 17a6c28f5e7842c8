import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { type CiCourse, ciCourse, echoCase, privateCases } from './ci-content.ts';

const IN = 'MARKER_INPUT_5e2b91';
const OUT = 'MARKER_EXPECTED_a70c44';

let course: CiCourse;
beforeAll(async () => {
  course = await ciCourse();
});
afterAll(() => course.dispose());

describe('private cases: --cases DIR (e2e)', () => {
  it('grades them like bundled ones, shows students only name, verdict and hint, and keeps everything in json', async () => {
    const dir = await privateCases(course.scratch, 'first', {
      'secret.json': echoCase('hidden edge case', IN, OUT),
      'open.json': echoCase('hidden but easy', 'p1'),
    });
    const json = join(course.scratch, 'report.json');
    const gradescope = join(course.scratch, 'results.json');
    const summary = join(course.scratch, 'step-summary.md');
    await writeFile(summary, '# earlier step\n');
    const run = await runCli(
      ['test', '--content', course.dir, '--stage', 'first', '--cases', dir, '--reporter', 'pretty', '--reporter', 'junit', '--output-file', `json=${json}`, '--output-file', `gradescope=${gradescope}`],
      { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, timeoutMs: 180_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(1);
    const stepSummary = await readFile(summary, 'utf8');
    const results = await readFile(gradescope, 'utf8');
    // pretty, github (added on GitHub Actions), junit on stdout; the job summary appended to its file; gradescope.
    expect(run.stdout).toContain('✗ hidden edge case');
    expect(run.stdout).toMatch(/^::error file=[^\n]*,title=first › hidden edge case::output differs \(private case: details hidden\)%0Ahint: echo hands back hidden edge case$/m);
    expect(run.stdout).toContain('<testcase classname="first" name="hidden edge case"');
    expect(stepSummary).toMatch(/^# earlier step\n### dispatch-lab: 5\/7 points\n/);
    expect(stepSummary).toContain('#### ❌ first › hidden edge case\n\n```text\noutput differs (private case: details hidden)\n```');
    for (const text of [run.stdout, stepSummary, results]) {
      expect(text).not.toContain(IN);
      expect(text).not.toContain(OUT);
    }
    const tests = (JSON.parse(results) as { tests: { name: string; status: string; visibility: string }[] }).tests;
    expect(tests.filter((t) => t.visibility === 'after_due_date').map((t) => [t.name, t.status])).toEqual([['first › hidden but easy', 'passed'], ['first › hidden edge case', 'failed']]);
    const report = await readFile(json, 'utf8');
    expect(report).toContain(IN);
    expect(report).toContain(OUT);
    const hidden = (JSON.parse(report) as { stages: { cases: { name: string; private?: boolean; file: string }[] }[] }).stages[0]!.cases.find((c) => c.name === 'hidden edge case');
    expect(hidden).toMatchObject({ private: true, file: `${dir}/first/secret.json` });
  });

  it('validates a private directory like the bundled cases: exit 2, each problem naming its file', async () => {
    const dir = join(course.scratch, 'bad-private');
    await privateCases(dir, 'first', { 'no-hint.json': { name: 'x', input: {}, expect: {} } });
    await privateCases(dir, 'no-such-stage', { 'x.json': echoCase('x', 'x') });
    await privateCases(dir, 'first', { 'dup.json': echoCase('a1', 'a1') });
    const run = await runCli(['test', '--content', course.dir, '--cases', join(dir, 'private'), '--cases', join(course.scratch, 'nowhere')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`dispatch-lab: ${dir}/private/first/no-hint.json: $: missing required property "hint"`);
    expect(run.stderr).toContain(`dispatch-lab: ${dir}/private/first/dup.json: duplicate case name "a1" (also in cases/first/a1.json)`);
    expect(run.stderr).toContain(`dispatch-lab: ${dir}/private/no-such-stage/: folder is not a stage in stages/stages.json`);
    expect(run.stderr).toContain(`dispatch-lab: --cases ${course.scratch}/nowhere: no such directory`);
  });
});
