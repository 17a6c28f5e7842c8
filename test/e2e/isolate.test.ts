import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePrograms, repoRoot, runCli } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';
import { leftoversOf } from '../leftovers.ts';
import { onlyCase, runScenario } from './scenario.ts';
import { isolatedSubmissions, type Submissions } from './isolated-submission.ts';
import { DEFAULT_LAUNCHER, LAUNCHERS } from './launchers.ts';

// --isolate: hostile submissions are contained, each case sees only its own submission, and an honest submission
// graded beside them keeps its full score.

const ROUNDTRIP = ['--stage', 'echo', '--case', 'roundtrip'];

let content: Content;
/** How many echo cases the content holds (the course changes; the tests follow it). */
let echoCases = 0;
/** Self-contained copies of the fixtures: under --isolate a submission builds in only its own files. */
let subs: Submissions;
const FIXTURES = ['honest', 'spies-on-submissions', 'reads-cases', 'signals-grader', 'escapes', 'fork-bomb', 'allocates-memory'];
beforeAll(async () => {
  content = await echoContent();
  echoCases = readdirSync(join(content.dir, 'cases', 'echo')).filter((f) => f.endsWith('.json')).length;
  subs = await isolatedSubmissions(FIXTURES);
});
afterAll(async () => {
  await content.dispose();
  await subs.dispose();
});

// Grade a self-contained copy of a fixture program.
const isolatedScenario = (name: string, args: string[], options: { env?: Record<string, string> } = {}) => runScenario(name, args, { ...options, dir: subs.dirOf(name) });

// What each launcher does itself (hide the cases, kill every process of a case, stop a fork bomb, keep the grader out of
// reach) runs on each launcher this machine has; what the grader does around it (limits, flags, settings) runs once.
describe.runIf(process.platform === 'linux').each(LAUNCHERS)('test --isolate through %s (e2e)', (title, launcher) => {
  const isolatedBy = (name: string, args: string[]) => isolatedScenario(name, args, { env: { ...launcher } });

  it('reads-cases: copies every expected answer without isolation, and finds no cases with it; the grader says which launcher isolates', { timeout: 120_000 }, async () => {
    const open = await runScenario('reads-cases', ['--content', content.dir, '--stage', 'echo']);
    expect(open.report?.summary).toMatchObject({ passed: echoCases, failed: 0 });
    const isolated = await isolatedBy('reads-cases', ['--content', content.dir, '--stage', 'echo', '--isolate']);
    expect(isolated.stderr).toContain(`each case isolated (${title}: no network`);
    expect(isolated.exitCode).toBe(1);
    expect(isolated.report?.summary).toMatchObject({ passed: 0, failed: echoCases });
    expect(isolated.stdout).toMatch(/found no cases to copy/);
    expect(isolated.stdout).not.toMatch(/copied the answer/);
    expect(isolated.tempLeft).toEqual([]);
  });

  it('escapes: processes in new sessions with cleared environments, re-forking ones and detached sleeps all die with the case', async () => {
    const run = await isolatedBy('escapes', ['--content', content.dir, ...ROUNDTRIP, '--isolate']);
    expect(onlyCase(run).status).toBe('pass');
    expect(run.leftovers).toEqual([]);
    expect(run.tempLeft).toEqual([]);
  });

  it('fork-bomb: stops at the process limit, fails as "too many processes", and leaves nothing running', async () => {
    const run = await isolatedBy('fork-bomb', ['--content', content.dir, ...ROUNDTRIP, '--isolate']);
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: 'too many processes: the case tried to run more than 256 at once (--max-procs)' });
    expect(run.stderr).toMatch(/limits per case: 512 MiB of memory, 256 processes/);
    expect(run.leftovers).toEqual([]);
  });

  it('signals-grader: a program cannot reach the grader to stop it', async () => {
    const run = await isolatedBy('signals-grader', ['--content', content.dir, ...ROUNDTRIP, '--isolate']);
    expect(run.exitCode).toBe(0);
    expect(onlyCase(run).status).toBe('pass');
  });
});

describe.runIf(process.platform === 'linux')(`test --isolate through ${DEFAULT_LAUNCHER[0]} (e2e)`, () => {
  const isolatedBy = (name: string, args: string[], env: Record<string, string> = {}) => isolatedScenario(name, args, { env: { ...DEFAULT_LAUNCHER[1], ...env } });

  it('allocates-memory: 1.5 GiB over a 512 MiB limit fails as "memory limit exceeded", not a crash', async () => {
    const run = await isolatedBy('allocates-memory', ['--content', content.dir, ...ROUNDTRIP, '--isolate']);
    expect(run.exitCode).toBe(1);
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: 'memory limit exceeded: the case used more than 512 MiB (all of its processes together; --memory)' });
  });

  it('where no cgroup is writable, memory falls back to an rlimit and the program\'s own complaint reads as the same verdict', async () => {
    const run = await isolatedBy('allocates-memory', ['--content', content.dir, ...ROUNDTRIP, '--isolate'], { DISPATCH_LAB_LIMITS: 'rlimit' });
    expect(run.stderr).toMatch(/\(rlimits: memory per process, processes not limited \(no writable cgroup\)\)/);
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: 'memory limit exceeded: the case used more than 512 MiB (all of its processes together; --memory)' });
  });

  it('--memory and --max-procs set the limits', async () => {
    const run = await isolatedBy('fork-bomb', ['--content', content.dir, ...ROUNDTRIP, '--isolate', '--max-procs', '64', '--memory', '1G']);
    expect(onlyCase(run).message).toBe('too many processes: the case tried to run more than 64 at once (--max-procs)');
    expect(run.stderr).toMatch(/limits per case: 1 GiB of memory, 64 processes/);
  });

  it('DISPATCH_LAB_ISOLATE=1 turns isolation on (for CI), and --no-isolate turns it off again', async () => {
    const isolated = await isolatedBy('reads-cases', ['--content', content.dir, ...ROUNDTRIP], { DISPATCH_LAB_ISOLATE: '1' });
    expect(onlyCase(isolated).status).toBe('fail');
    const open = await isolatedBy('reads-cases', ['--content', content.dir, ...ROUNDTRIP, '--no-isolate'], { DISPATCH_LAB_ISOLATE: '1' });
    expect(onlyCase(open).status).toBe('pass');
  });

  it('bad limit flags exit 2 with what is wrong', async () => {
    const run = await runCli(['test', '--dir', join(fixturePrograms, 'honest'), '--content', content.dir, '--memory', 'lots', '--max-procs', '0']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--max-procs must be a positive whole number, got 0/);
    expect(run.stderr).toMatch(/--memory must be a size such as 512M or 1G, got "lots"/);
  });
});

// The gradebook of a run, read as JSON.
async function gradebookOf(out: string): Promise<{ complete: boolean; submissions: { submission: string; score: number; maxScore: number; problem?: string }[] }> {
  return JSON.parse(await readFile(`${out}.json`, 'utf8'));
}

describe.runIf(process.platform === 'linux').each(LAUNCHERS)('grade --isolate through %s (e2e)', (_, launcher) => {
  it('an honest submission keeps its full score beside ones that spy on it, copy the cases, signal the grader and escape; nothing is written outside', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dispatch-lab-class-'));
    await chmod(folder, 0o755);
    const out = join(folder, 'book');
    const names = ['honest', 'spies-on-submissions', 'reads-cases', 'signals-grader', 'escapes'];
    try {
      const run = await runCli(['grade', ...names.map((n) => subs.dirOf(n)), '--content', content.dir, '--stage', 'echo', '--isolate', '--out', out], { env: { TMPDIR: folder, ...launcher }, timeoutMs: 280_000 });
      expect(run.exitCode).toBe(1);
      const book = await gradebookOf(out);
      expect(book.complete).toBe(true);
      const [honest, spy, cheat, signaller, escaper] = book.submissions;
      expect(honest).toMatchObject({ score: echoCases, maxScore: echoCases });
      expect(honest?.problem).toBeUndefined();
      // Score and problem together, so that a lost point says which case and why.
      const scoreOf = (row: typeof spy) => ({ score: row?.score, problem: row?.problem });
      expect(scoreOf(spy)).toEqual({ score: echoCases, problem: undefined });
      expect(cheat).toMatchObject({ score: 0 });
      expect(scoreOf(signaller)).toEqual({ score: echoCases, problem: undefined });
      expect(scoreOf(escaper)).toEqual({ score: echoCases, problem: undefined });
      // Nothing was written into the other submissions or the grader's install, and nothing is left to rewrite the gradebook.
      for (const dir of [...names.map((n) => subs.dirOf(n)), repoRoot]) expect(existsSync(join(dir, 'SPIED-ON.txt')), dir).toBe(false);
      expect(await leftoversOf(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});

describe.runIf(process.platform === 'linux')(`grade --isolate through ${DEFAULT_LAUNCHER[0]} (e2e)`, () => {
  it('an honest submission keeps its full score beside a fork bomb and a memory hog', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dispatch-lab-class-'));
    await chmod(folder, 0o755);
    const out = join(folder, 'book');
    try {
      const run = await runCli(['grade', ...['fork-bomb', 'honest', 'allocates-memory'].map((n) => subs.dirOf(n)), '--content', content.dir, ...ROUNDTRIP, '--isolate', '--out', out], { env: { TMPDIR: folder, ...DEFAULT_LAUNCHER[1] } });
      expect(run.exitCode).toBe(1);
      const [bomb, honest, hog] = (await gradebookOf(out)).submissions;
      expect(honest).toMatchObject({ score: 1, maxScore: 1 });
      expect(bomb).toMatchObject({ score: 0 });
      expect(hog).toMatchObject({ score: 0 });
      expect(await leftoversOf(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
