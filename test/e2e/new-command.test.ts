import { readFile } from 'node:fs/promises';
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

// A new command's scaffold is written by test/e2e/new-command-stage.test.ts, in a copy of the repository: here, only
// what is refused before anything is written (the package's own harness/ must stay as it is).
describe('new stage --command (e2e, on a scratch course)', () => {
  it.each<[string, string[], RegExp]>([
    ['a near miss of an existing command', ['--command', 'polcy'], /--command polcy: program\.ts has no command "polcy" \(did you mean "policy"\?\)[^\n]*\n[^\n]*--export <name>/],
    ['an export the existing command does not call', ['--command', 'policy', '--export', 'withRules'], /--export withRules: the existing command "policy" calls makeRegistry, withPolicy \(harness\/commands\/policy\.ts\)/],
    ['an export that is not a camelCase name', ['--command', 'observe', '--export', 'Observe-It'], /--export is a camelCase export name/],
    ['an export without --command', ['--export', 'observe'], /--export names the solution export of a new --command/],
  ])('refuses %s and writes nothing', async (_, flags, message) => {
    const manifest = await readFile(course.path('stages/stages.json'), 'utf8');
    const run = await runCli(['new', 'stage', 'observe', '--after', 'echo', ...flags, '--content', course.dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('nothing was written');
    expect(await readFile(course.path('stages/stages.json'), 'utf8')).toBe(manifest);
  });

  it('accepts a command program.ts has, with or without the export it calls', async () => {
    const run = await runCli(['new', 'stage', 'rules', '--after', 'echo', '--command', 'policy', '--export', 'withPolicy', '--content', course.dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('(command policy, "draft": true)');
  });
});
