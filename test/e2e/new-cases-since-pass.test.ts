// A course update is not a regression: after the student passed a stage, cases added to it that fail are announced as
// new, by `test` (on stderr, after the reporters; in their blocks, shown after any old case that fails) and by `stages`.
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';

// A copy of an echo case whose expectation the reference cannot meet: a case the student's program fails.
async function addFailingCase(content: MiniCourse, file: string, name: string): Promise<void> {
  const roundtrip = JSON.parse(await readFile(content.path('cases/echo/roundtrip.json'), 'utf8')) as { expect: { stdout: unknown } };
  const data = { ...roundtrip, name, expect: { stdout: { results: [{ content: 'not what echo answers' }] }, exitCode: 0 } };
  await writeFile(content.path(`cases/echo/${file}`), `${JSON.stringify(data, null, 2)}\n`);
}

describe('cases added since a stage was passed (e2e)', () => {
  let content: MiniCourse;
  let student = '';
  const args = () => ['--dir', student, '--content', content.dir];

  beforeAll(async () => {
    content = await miniCourse();
    // The student's program is the reference solution.
    student = await mkdtemp(join(tmpdir(), 'dispatch-lab-new-cases-'));
    await writeFile(join(student, 'program.ts'), `import ${JSON.stringify(join(repoRoot, 'program.ts'))};\n`);
    await symlink(join(repoRoot, 'node_modules'), join(student, 'node_modules'));
  });
  afterAll(async () => {
    await content.dispose();
    await rm(student, { recursive: true, force: true });
  });

  it('test and stages name the new cases when only they fail, and say nothing once an old case fails too', async () => {
    expect((await runCli(['test', ...args()], { timeoutMs: 180_000 })).exitCode).toBe(0);
    await addFailingCase(content, 'added-later.json', 'A case added after the pass');
    await addFailingCase(content, 'added-later-too.json', 'Another case added after the pass');

    const run = await runCli(['test', ...args()], { timeoutMs: 180_000 });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('echo: 2 cases are new since you passed this stage: Another case added after the pass, A case added after the pass\n');
    // The block of the new cases (alike, so one block) says so.
    expect(run.stdout.match(/^ {2}new: new since you passed this stage/gm)).toHaveLength(1);
    const listing = await runCli(['stages', ...args()]);
    expect(listing.stdout).toContain('2 cases are new since you passed this stage: Another case added after the pass, A case added after the pass');

    await addFailingCase(content, 'roundtrip.json', 'The roundtrip, now failing');
    const regression = await runCli(['test', ...args()], { timeoutMs: 180_000 });
    expect(regression.exitCode).toBe(1);
    expect(regression.stderr).not.toContain('new since you passed');
    // The case the student broke is shown first (its input is the same as the new cases', whose file names sort
    // first), the new ones after it in their own block (they fail the same way, but are not grouped under it), labelled new.
    const blocks = regression.stdout.split('\n').filter((l) => l.startsWith('✗ echo › '));
    expect(blocks.map((l) => l.replace(/ {2}cases\/.*$/, ''))).toEqual(['✗ echo › The roundtrip, now failing', '✗ echo › Another case added after the pass']);
    const roundtripBlock = regression.stdout.slice(regression.stdout.indexOf('✗ echo › The roundtrip'), regression.stdout.indexOf('✗ echo › Another case'));
    expect(roundtripBlock).not.toContain('new since you passed');
    expect(regression.stdout.match(/^ {2}new: new since you passed this stage/gm)).toHaveLength(1);
    expect((await runCli(['stages', ...args()])).stdout).not.toContain('new since you passed');
  }, 600_000);
});
