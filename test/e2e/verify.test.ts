import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';

let course: MiniCourse;
beforeEach(async () => {
  course = await miniCourse();
});
afterEach(async () => {
  await course.dispose();
});

// `verify` on the mini course, the reference being the repository's program.ts.
function verify(...flags: string[]) {
  return runCli(['verify', '--content', course.dir, '--dir', repoRoot, '--jobs', '2', ...flags]);
}

type JsonReport = { stages: { slug: string; cases: { name: string; status: string }[] }[] };

describe('dispatch-lab verify (e2e)', () => {
  it('--stage S --case X grades only that case, on the reference and the starter, and feeds --reporter json', async () => {
    const report = join(course.dir, 'report.json');
    const run = await verify('--stage', 'echo', '--case', 'unknown-tool', '--output-file', `json=${report}`);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toBe('✓ echo  reference passes 1/1 · starter fails 1/1\n\nverified 1 stage\n');
    const json = JSON.parse(await readFile(report, 'utf8')) as JsonReport;
    expect(json.stages.map((s) => s.cases.map((c) => `${s.slug}/${c.name}:${c.status}`))).toEqual([['echo/An unknown tool name is an error result, not a crash:pass']]);
  });

  it('shows the failure block of test when the reference fails a case, and checks the worked example', async () => {
    const path = course.path('cases/echo/roundtrip.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('"content": "hello"', '"content": "HELLO"'));
    const text = course.path('stages/echo.md');
    await writeFile(text, (await readFile(text, 'utf8')).replace('{"content": "unknown tool: missing_tool", "is_error": true}', '{"content": "unknown tool: missing_tool"}'));
    const run = await verify();
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^✗ echo {2}reference passes 2\/3 · starter fails 3\/3 · worked example differs\n/);
    expect(run.stdout).toContain('    ✗ echo › echo hands its text back as the content  cases/echo/roundtrip.json\n      sent:\n        0: echo {"text":"hello"}\n      what differs:\n        results[0].content: expected "HELLO", received "hello"');
    expect(run.stdout).toContain('record --check --stage echo');
    expect(run.stdout).toContain('    ✗ echo › worked example  stages/echo.md');
    expect(run.stdout).toMatch(/results\[1\]\.is_error: not expected, received true/);
    expect(run.stdout).toMatch(/1 of 1 stages are not as expected\n$/);
  });

  it('rejects the flags it cannot honour', async () => {
    const run = await verify('--bail');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('dispatch-lab: verify does not take --bail: it grades every selected case against the reference and the starter\n');
  });
});
