import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';

let course: MiniCourse;
beforeEach(async () => {
  course = await miniCourse();
});
afterEach(async () => {
  await course.dispose();
});

describe('dispatch-lab new (e2e, on a scratch course)', () => {
  it('new stage writes a drafted manifest entry in place, a text skeleton and an example case, lists what is left, and show works', async () => {
    const manifestPath = course.path('stages/stages.json');
    const before = await readFile(manifestPath, 'utf8');
    const run = await runCli(['new', 'stage', 'ls', '--after', 'echo', '--title', 'ls: list a folder', '--content', course.dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^added stage ls after echo \(command dispatch, "draft": true\):\n {2}stages\/stages\.json, stages\/ls\.md, cases\/ls\/example\.json\npreview it: npx dispatch-lab show ls\n/);
    expect(run.stdout).toContain('  3. reference/: the model answer');
    expect(run.stdout).toContain('  6. stages/stages.json: remove "draft": true once the stage is done  →  npx dispatch-lab validate');
    const after = await readFile(manifestPath, 'utf8');
    const entry = ',\n    { "slug": "ls", "title": "ls: list a folder", "command": "dispatch", "draft": true }';
    expect(after.replace(entry, '')).toBe(before);
    const example = JSON.parse(await readFile(course.path('cases/ls/example.json'), 'utf8'));
    expect(example).toMatchObject({ name: 'example', expect: {}, input: { calls: [{ tool: 'TOOL', input: {} }] } });
    const show = await runCli(['show', 'ls', '--content', course.dir]);
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toContain('stage 2 of 2 · ls');
    expect(show.stdout).toContain('What to build');
    const validate = await runCli(['validate', '--content', course.dir]);
    expect(validate.stderr).toContain("cases/ls/example.json: $.hint: still the template's TODO");
    expect(validate.stderr).not.toContain('grades nothing');
    // The example quotes a sentence of the text the command wrote, so its rule stands as written.
    expect(validate.stderr).not.toContain('$.rule');
  });

  it('new case writes cases/<stage>/<kebab-name>.json from the template, and refuses names and files that exist', async () => {
    const run = await runCli(['new', 'case', 'echo', 'Echo keeps  spaces', '--content', course.dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('wrote cases/echo/echo-keeps-spaces.json\n');
    expect(JSON.parse(await readFile(course.path('cases/echo/echo-keeps-spaces.json'), 'utf8'))).toMatchObject({ $schema: '../case.schema.json', name: 'Echo keeps  spaces', expect: {} });
    expect(run.stdout).toContain('set its "rule" to the sentence of stages/echo.md it pins, word for word (validate reports the placeholder until then)');
    const validate = await runCli(['validate', '--content', course.dir]);
    expect(validate.stderr).toContain("cases/echo/echo-keeps-spaces.json: $.rule: still the template's TODO: quote the sentence of stages/echo.md this case pins");
    const again = await runCli(['new', 'case', 'echo', 'echo keeps spaces', '--content', course.dir]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toBe('dispatch-lab: stage echo already has a case named "Echo keeps  spaces" (cases/echo/echo-keeps-spaces.json): nothing was written\n');
    await writeFile(course.path('cases/echo/taken.json'), (await readFile(course.path('cases/echo/roundtrip.json'), 'utf8')).replace('"echo hands its text back as the content"', '"another name"'));
    const file = await runCli(['new', 'case', 'echo', 'Taken', '--content', course.dir]);
    expect(file.stderr).toContain('cases/echo/taken.json already exists: nothing was written');
    const stage = await runCli(['new', 'stage', 'echo', '--after', 'echo', '--content', course.dir]);
    expect(stage.exitCode).toBe(2);
    expect(stage.stderr).toContain('stage "echo" is already in stages/stages.json');
    const typo = await runCli(['new', 'case', 'ecoh', 'x', '--content', course.dir]);
    expect(typo.stderr).toContain('unknown stage "ecoh" (did you mean "echo"?)');
  });

  it('new refuses names it cannot write safely: a --command that climbs out, a 300-character case name, escape codes; nothing is written', async () => {
    const before = await readFile(course.path('stages/stages.json'), 'utf8');
    const climbs = await runCli(['new', 'stage', 'ls', '--after', 'echo', '--command', '../../x', '--content', course.dir]);
    expect(climbs.exitCode).toBe(2);
    expect(climbs.stderr).toContain('--command is a program.ts command: lower-case letters, digits and "-", starting with a letter, at most 64 characters; got "../../x"');
    const long = await runCli(['new', 'case', 'echo', 'a long name '.repeat(25), '--content', course.dir]);
    expect(long.exitCode).toBe(2);
    expect(long.stderr).toMatch(/the case name is 300 characters long; the most is 200/);
    expect(long.stderr).not.toMatch(/ENAMETOOLONG|\n\s+at /);
    const escape = await runCli(['new', 'case', 'echo', 'red \u001b[31m alert', '--title', 'x', '--content', course.dir]);
    expect(escape.exitCode).toBe(2);
    expect(escape.stderr).toContain('the case name holds a control character');
    expect(escape.stderr).not.toContain('\u001b');
    expect(await readFile(course.path('stages/stages.json'), 'utf8')).toBe(before);
  });

  it('a case whose name holds an escape code does not load, and the message shows it escaped', async () => {
    await writeFile(course.path('cases/echo/escape.json'), (await readFile(course.path('cases/echo/roundtrip.json'), 'utf8')).replace('"echo hands its text back as the content"', '"clears \\u001b[2J the screen"'));
    const run = await runCli(['validate', '--content', course.dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr + run.stdout).toContain('cases/echo/escape.json: $.name: holds a control character');
    expect(run.stderr + run.stdout).not.toContain('\u001b');
  });
});
