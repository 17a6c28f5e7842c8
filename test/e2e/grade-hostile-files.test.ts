import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { isolatedSubmissions, type Submissions } from './isolated-submission.ts';
import { leftoversOf } from '../leftovers.ts';
import { privateFolder } from './scenario.ts';
import { crashLinesNaming, ISOLATED_MODES } from './hostile-names.ts';

// Issue 36: one hostile submission never stops a class. Beside two honest submissions, one ships a FIFO and one a link
// to /dev/zero, each named by a made-up crash line (which the grader's stack mapping once read: a FIFO hung it, with
// SIGTERM and SIGINT unanswered; /dev/zero grew it to gigabytes). `grade --isolate` writes the whole gradebook; SIGTERM
// in the middle of a build that never ends is answered at once; a grader killed with SIGKILL leaves temp dirs, a build
// folder and a per-case cgroup that the next grader removes.

let content: Content;
let subs: Submissions;

beforeAll(async () => {
  content = await echoContent();
  subs = await isolatedSubmissions(['honest']);
  await cp(subs.dirOf('honest'), subs.dirOf('honest-too'), { recursive: true });
});
afterAll(async () => {
  await content?.dispose();
  await subs?.dispose();
});

// A submission of the test's own: program.ts and what `make` ships beside it.
async function hostile(name: string, program: string, make: (dir: string) => Promise<void> = async () => {}): Promise<string> {
  const dir = join(subs.root, name);
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  await writeFile(join(dir, 'program.ts'), program);
  await make(dir);
  return dir;
}

type Book = { complete: boolean; incomplete?: string; submissions: { submission: string; score: number; maxScore: number; problem?: string }[] };

// The entries of a folder whose names start with `prefix`.
async function entriesLike(dir: string, prefix: string): Promise<string[]> {
  return (await readdir(dir).catch((): string[] => [])).filter((name) => name.startsWith(prefix));
}

// Wait (never a fixed sleep) until `found` gives something, or fail after a generous while.
async function waitFor<T>(what: string, found: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const value = await found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not seen in time`);
}

describe.runIf(process.platform === 'linux').each(ISOLATED_MODES)('grade with hostile files (%s, e2e)', (mode, flags, env) => {
  const tag = mode.replace(/\W+/g, '-');

  it('a FIFO and /dev/zero named by crash lines, beside two honest submissions: every row is graded, the gradebook complete', async () => {
    // "<build>/../../../x.mjs" is the submission's own x.mjs: a FIFO, and a link to /dev/zero.
    const fifo = await hostile(`fifo-${tag}`, crashLinesNaming("build + '/../../../trap.mjs'"), async (d) => void execFileSync('mkfifo', [join(d, 'trap.mjs')]));
    const zero = await hostile(`zero-${tag}`, crashLinesNaming("build + '/../../../zero.mjs'"), (d) => symlink('/dev/zero', join(d, 'zero.mjs')));
    const folder = await privateFolder();
    try {
      const out = join(folder.base, 'book');
      const run = await runCli(['grade', subs.dirOf('honest'), fifo, zero, subs.dirOf('honest-too'), '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', ...flags, '--out', out], { env: { TMPDIR: folder.tmp, ...env }, timeoutMs: 200_000 });
      expect(run.exitCode, run.stderr).toBe(1);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as Book;
      expect(book.complete).toBe(true);
      expect(book.submissions.map((r) => [r.score, r.maxScore])).toEqual([[1, 1], [0, 1], [0, 1], [1, 1]]);
      expect(await leftoversOf(folder.base)).toEqual([]);
      expect(await readdir(folder.tmp)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  }, 240_000);

  it('SIGTERM during a build that never ends (its package.json is a FIFO) is answered at once: exit 143, a gradebook marked incomplete, nothing left', async () => {
    const hang = await hostile(`hanging-build-${tag}`, "console.log('never built');\n", async (d) => void execFileSync('mkfifo', [join(d, 'package.json')]));
    const folder = await privateFolder();
    try {
      const out = join(folder.base, 'book');
      const cli = execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'grade', hang, subs.dirOf('honest'), '--content', content.dir, '--stage', 'echo', ...flags, '--out', out], { reject: false, env: { TMPDIR: folder.tmp, NO_COLOR: '1', ...env } });
      // The build runs as a case of its own: its temp dir is there once it started.
      await waitFor('the build of the hanging submission', async () => ((await entriesLike(folder.tmp, 'dispatch-lab-case-')).length > 0 ? true : undefined));
      const signalled = performance.now();
      cli.kill('SIGTERM');
      const result = await cli;
      const answeredMs = performance.now() - signalled;
      expect(result.exitCode, String(result.stderr)).toBe(143);
      // The build limit is 60 s: a grader that waited for it did not answer the signal. Generous for a loaded machine.
      expect(answeredMs).toBeLessThan(20_000);
      const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as Book;
      expect(book.complete).toBe(false);
      expect(book.submissions.map((r) => r.score)).toEqual([0, 0]);
      expect(await leftoversOf(folder.base)).toEqual([]);
      expect(await readdir(folder.tmp)).toEqual([]);
      expect(await entriesLike(join(hang, '.dispatch-lab', 'build'), '')).toEqual([]);
    } finally {
      await folder.dispose();
    }
  }, 240_000);

  it('a grader killed with SIGKILL in the middle of a case: the next grader removes its temp dirs, build folder and case cgroup', async () => {
    const program = "import { writeFileSync } from 'node:fs';\nwriteFileSync(`${process.env.TMPDIR}/started`, '');\nsetInterval(() => {}, 1000);\n";
    const stuck = await hostile(`stuck-${tag}`, program);
    const folder = await privateFolder();
    try {
      const first = execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'grade', stuck, '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--timeout', '120000', ...flags, '--out', join(folder.base, 'first')], { reject: false, env: { TMPDIR: folder.tmp, NO_COLOR: '1', ...env } });
      const pid = first.pid as number;
      const caseDir = await waitFor('the stuck case', async () => {
        for (const name of await entriesLike(folder.tmp, 'dispatch-lab-case-')) if ((await readdir(join(folder.tmp, name)).catch((): string[] => [])).includes('started')) return name;
        return undefined;
      });
      // The grader's cgroup (v2): where its per-case cgroups are made, named with its pid.
      const own = (await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => '')).split('\n').find((l) => l.startsWith('0::'))?.slice(3);
      const parent = own === undefined ? undefined : join('/sys/fs/cgroup', own);
      const caseCgroups = parent ? (await entriesLike(parent, 'dispatch-lab-')).filter((n) => n.includes(`.${pid}-`)) : [];
      process.kill(pid, 'SIGKILL');
      const killed = await first;
      // Where the grader limits cases by cgroup v2 (its first line says so), the case's cgroup was there to be left.
      if (/\(cgroup v2\)/.test(String(killed.stderr))) expect(caseCgroups.length).toBeGreaterThan(0);
      // What SIGKILL left: the case's temp dir, the submission's build folder, the case's cgroup (where cgroups are used).
      expect(await entriesLike(folder.tmp, 'dispatch-lab-case-')).toContain(caseDir);
      expect((await entriesLike(join(stuck, '.dispatch-lab', 'build'), '')).length).toBeGreaterThan(0);
      const second = await runCli(['grade', subs.dirOf('honest'), stuck, '--content', content.dir, '--stage', 'echo', '--case', 'roundtrip', '--timeout', '5000', ...flags, '--out', join(folder.base, 'second')], { env: { TMPDIR: folder.tmp, ...env }, timeoutMs: 200_000 });
      expect(second.exitCode, second.stderr).toBe(1);
      expect(await readdir(folder.tmp)).toEqual([]);
      expect(await entriesLike(join(stuck, '.dispatch-lab', 'build'), '')).toEqual([]);
      if (parent) for (const name of caseCgroups) expect(await entriesLike(parent, name)).toEqual([]);
      expect(await leftoversOf(folder.base)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  }, 240_000);
});
