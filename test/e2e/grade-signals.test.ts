import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePrograms, repoRoot } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { leftoversOf } from '../leftovers.ts';
import { privateFolder } from './scenario.ts';

// Signals and clean-up: `grade` stops like `test` (running cases killed, temp dirs removed, exit 128 + signal) and
// still writes its gradebook, marked incomplete; a second Ctrl-C still cleans up.

let content: Content;
beforeAll(async () => {
  content = await echoContent();
});
afterAll(() => content.dispose());

// Wait until some case's program has written its "started" file into its temp dir (never a fixed sleep).
async function waitForStartedCase(tmp: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    for (const entry of await readdir(tmp)) {
      if ((await readdir(join(tmp, entry)).catch((): string[] => [])).includes('started')) return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no case started in time');
}

// Start the CLI with a private TMPDIR; the caller decides when to signal it.
function startCli(args: string[], tmp: string) {
  return execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), ...args], { cwd: repoRoot, reject: false, env: { TMPDIR: tmp, NO_COLOR: '1' } });
}

type Book = { complete: boolean; incomplete?: string; submissions: { submission: string; score: number; maxScore: number; problem?: string }[] };

describe('grade stopped by a signal (e2e)', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)('%s: kills the running case, writes the gradebook marked incomplete, removes temp dirs and exits %i', async (signal, exitCode) => {
    const folder = await privateFolder();
    try {
      const out = join(folder.base, 'book');
      const cli = startCli(['grade', join(fixturePrograms, 'honest'), join(fixturePrograms, 'hangs-with-child'), '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--timeout', '60000', '--out', out], folder.tmp);
      await waitForStartedCase(folder.tmp);
      cli.kill(signal);
      const result = await cli;
      expect(result.exitCode).toBe(exitCode);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as Book;
      expect(book).toMatchObject({ complete: false, incomplete: `stopped by ${signal}: 1 of 2 submissions graded` });
      expect(book.submissions[0]).toMatchObject({ score: 1, maxScore: 1 });
      expect(book.submissions[1]).toMatchObject({ score: 0, problem: `not graded: the grader was stopped (${signal}) while grading it` });
      const csv = await readFile(`${out}.csv`, 'utf8');
      expect(csv, csv).toMatch(/^hangs-with-child,\S*hangs-with-child,0,1,0,1,,0,1,not graded: the grader was stopped/m);
      expect(String(result.stdout)).toMatch(/gradebook \(incomplete: stopped by/);
      expect(await readdir(folder.tmp)).toEqual([]);
      expect(await leftoversOf(folder.base)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  });

  it('without --isolate, a program that sends SIGTERM to the grader stops it like a user would: a partial gradebook, exit 143', async () => {
    const folder = await privateFolder();
    try {
      const out = join(folder.base, 'book');
      const result = await startCli(['grade', join(fixturePrograms, 'honest'), join(fixturePrograms, 'signals-grader'), '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--out', out], folder.tmp);
      expect(result.exitCode).toBe(143);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as Book;
      expect(book.complete).toBe(false);
      expect(book.submissions.map((r) => r.score)).toEqual([1, 0]);
      expect(await readdir(folder.tmp)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  });
});

describe('a second Ctrl-C (e2e)', () => {
  it('exits at once and still kills every program and removes every temp and build dir', async () => {
    const folder = await privateFolder();
    try {
      // A course directory of its own, so no other test's build dirs show up in it.
      const course = join(folder.base, 'course');
      await mkdir(course);
      // Its program is the hangs-with-child fixture, imported whole (the fixture's own imports stay where they are).
      await writeFile(join(course, 'program.ts'), `import ${JSON.stringify(join(fixturePrograms, 'hangs-with-child', 'program.ts'))};\n`);
      const cli = startCli(['test', '--dir', course, '--content', content.dir, '--stage', 'echo', '--jobs', '4', '--timeout', '60000'], folder.tmp);
      await waitForStartedCase(folder.tmp);
      cli.kill('SIGINT');
      cli.kill('SIGINT');
      const result = await cli;
      expect(result.exitCode).toBe(130);
      expect(await readdir(folder.tmp)).toEqual([]);
      expect(await readdir(join(course, '.dispatch-lab', 'build')).catch(() => [])).toEqual([]);
      expect(await leftoversOf(folder.base)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  });
});
