import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';
import { MIN_RULE_CHARS } from '../../grader/course/core/rule-quote.ts';

let course: MiniCourse;
beforeEach(async () => {
  course = await miniCourse();
});
afterEach(async () => {
  await course.dispose();
});

describe('dispatch-lab validate --content (e2e)', () => {
  it('passes a tidy course', async () => {
    const run = await runCli(['validate', '--content', course.dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe(`course is valid: 1 stages, 3 cases (${course.dir})\n`);
  });

  it('lists every problem at once, each with its file and JSON path, and exits 2', async () => {
    const roundtrip = course.path('cases/echo/roundtrip.json');
    const data = JSON.parse(await readFile(roundtrip, 'utf8'));
    await writeFile(roundtrip, JSON.stringify({ ...data, input: { calsl: data.input.calls }, expect: {} }, null, 2));
    const unknown = course.path('cases/echo/unknown-tool.json');
    await writeFile(unknown, (await readFile(unknown, 'utf8')).replace(/"exitCode": 0/, '"exitcode": 0'));
    await writeFile(course.path('cases/echo/Broken Case.json'), '{\n  "name": "b",\n  "hint": "h"\n  "input": {}\n}\n');
    const run = await runCli(['validate', '--content', course.dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([
      'dispatch-lab: cases/echo/Broken Case.json: invalid JSON at line 3, column 14: expected "," (the next token is at line 4, column 3)',
      'dispatch-lab: cases/echo/unknown-tool.json: $.expect: unknown property "exitcode" (did you mean "exitCode"?)',
      'dispatch-lab: cases/echo/roundtrip.json: $.expect: grades nothing (any program that exits 0 passes): give "stdout" or a non-zero "exitCode"; to fill it from the reference, run npx dispatch-lab record --stage echo',
      'dispatch-lab: cases/echo/roundtrip.json: $.input: missing required property "calls"',
      'dispatch-lab: cases/echo/roundtrip.json: $.input: unknown property "calsl" (did you mean "calls"?)',
      'dispatch-lab: cases/echo/Broken Case.json: a case file name is kebab-case and ends in .json (e.g. read-routes-to-view.json)',
      '',
    ]);
  });

  it('shows a case whose rule is missing, not in its stage text, or too short, with its file', async () => {
    const edit = async (file: string, change: (data: Record<string, unknown>) => Record<string, unknown>) => {
      const path = course.path(`cases/echo/${file}`);
      await writeFile(path, `${JSON.stringify(change(JSON.parse(await readFile(path, 'utf8'))), null, 2)}\n`);
    };
    await edit('roundtrip.json', ({ rule: _dropped, ...data }) => data);
    await edit('unknown-tool.json', (data) => ({ ...data, rule: 'An unknown tool name crashes the dispatcher, which then exits 1.' }));
    // Words of the text, one character short of a quote.
    await edit('extra-fields-ignored.json', (data) => ({ ...data, rule: 'which returns its text unchanged'.slice(0, MIN_RULE_CHARS - 1) }));
    const run = await runCli(['validate', '--content', course.dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([
      'dispatch-lab: cases/echo/extra-fields-ignored.json: $.rule: must NOT have fewer than 20 characters',
      'dispatch-lab: cases/echo/roundtrip.json: $.rule: missing: quote the sentence of stages/echo.md this case pins',
      'dispatch-lab: cases/echo/unknown-tool.json: $.rule: not in stages/echo.md: "An unknown tool name crashes the dispatcher, which then exits 1.": quote the text word for word (only whitespace may differ), or add the sentence to its Contract section',
      '',
    ]);
  });
});

describe('dispatch-lab validate --cases (e2e)', () => {
  it('checks a private case directory with the same rules', async () => {
    const data = JSON.parse(await readFile(course.path('cases/echo/roundtrip.json'), 'utf8'));
    await mkdir(course.path('private/echo'), { recursive: true });
    await writeFile(course.path('private/echo/secret.json'), JSON.stringify({ ...data, name: 'a secret case', expect: {} }));
    const run = await runCli(['validate', '--content', course.dir, '--cases', course.path('private')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`dispatch-lab: ${course.path('private')}/echo/secret.json: $.expect: grades nothing`);
  });
});
