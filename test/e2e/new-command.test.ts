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

describe('new stage --command (e2e, on a scratch course)', () => {
  it.each<[string, RegExp]>([
    ['observe', /--command observe: program\.ts has no command "observe"; its commands are: dispatch, protocol/],
    ['polcy', /--command polcy: program\.ts has no command "polcy" \(did you mean "policy"\?\)/],
  ])('refuses --command %s and writes nothing', async (command, message) => {
    const manifest = await readFile(course.path('stages/stages.json'), 'utf8');
    const run = await runCli(['new', 'stage', 'observe', '--after', 'echo', '--command', command, '--content', course.dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('harness/main.ts COMMANDS');
    expect(run.stderr).toContain('nothing was written');
    expect(await readFile(course.path('stages/stages.json'), 'utf8')).toBe(manifest);
  });

  it('accepts a command program.ts has', async () => {
    const run = await runCli(['new', 'stage', 'rules', '--after', 'echo', '--command', 'policy', '--content', course.dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('(command policy, "draft": true)');
  });
});
