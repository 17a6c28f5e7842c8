import { readFile, writeFile } from 'node:fs/promises';
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

describe('record on a stage whose command program.ts lacks (e2e)', () => {
  it('reports the case unrecordable with the reason and writes nothing', async () => {
    const manifest = JSON.parse(await readFile(course.path('stages/stages.json'), 'utf8'));
    manifest.stages[0].command = 'observe';
    await writeFile(course.path('stages/stages.json'), JSON.stringify(manifest));
    const file = course.path('cases/echo/roundtrip.json');
    const emptied = (await readFile(file, 'utf8')).replace(/"expect": \{[\s\S]*\}\n\}\n$/, '"expect": {}\n}\n');
    await writeFile(file, emptied);
    const run = await runCli(['record', '--content', course.dir, '--dir', repoRoot, '--stage', 'echo', '--case', 'roundtrip']);
    expect(run.stdout).toContain('unrecordable: cases/echo/roundtrip.json');
    expect(run.stdout).toContain('program.ts has no command "observe"');
    expect(run.stdout).toMatch(/^0 unchanged, 0 filled, 0 updated, 0 kept, 0 held, 0 stale, 1 unrecordable$/m);
    expect(run.exitCode).not.toBe(0);
    expect(await readFile(file, 'utf8')).toBe(emptied);
  });
});
