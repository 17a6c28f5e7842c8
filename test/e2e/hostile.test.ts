import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cli.ts';
import { onlyCase, runScenario, type ScenarioRun } from './scenario.ts';

// Student programs that hang, flood, crash, litter and escape: each becomes a clear verdict, in bounded time, with nothing left behind.

/** The timeout of the scenarios that hang on purpose. */
const TIMEOUT_MS = 1_000;
/** The timeout of the ones that end by themselves: generous, so a loaded machine never turns their verdict into a timeout. */
const FINISHING_TIMEOUT_MS = 30_000;
/**
 * The whole CLI run (start-up, build, the case, clean-up) ends well within this: far below what the processes the
 * scenarios leave behind would take (sleep 300x), and never a measure of speed (a loaded machine may be slow).
 */
const BOUND_MS = 45_000;
/**
 * The timeout of the program that ignores SIGTERM: time enough for node to start and set its handler even on a loaded
 * machine (a SIGTERM that came first would simply end it, and the scenario would test nothing).
 */
const IGNORING_TIMEOUT_MS = 10_000;
// The flags that grade the one echo case `roundtrip` with a timeout.
const roundtripWithin = (timeoutMs: number) => ['--stage', 'echo', '--case', 'roundtrip', '--timeout', String(timeoutMs)];
const HANGING_CASE = roundtripWithin(TIMEOUT_MS);
const IGNORING_CASE = roundtripWithin(IGNORING_TIMEOUT_MS);
const ONE_CASE = roundtripWithin(FINISHING_TIMEOUT_MS);
const ECHO_CASES = readdirSync(join(repoRoot, 'cases', 'echo')).filter((f) => f.endsWith('.json')).length;

// What every scenario must satisfy: nothing of the run is still alive, every case temp dir is gone, the run was bounded.
function expectCleanBoundedRun(run: ScenarioRun): void {
  expect(run.leftovers, 'processes left behind').toEqual([]);
  expect(run.tempLeft, 'temp dirs left behind').toEqual([]);
  expect(run.durationMs).toBeLessThan(BOUND_MS);
}

describe('a program that never finishes times out, and the run still ends in bounded time', () => {
  it.each([
    ['busy-loop'],
    ['interval-forever'],
    ['stdin-never-ends'],
  ])('%s', async (name) => {
    const run = await runScenario(name, HANGING_CASE);
    expect(run.exitCode).toBe(1);
    expect(onlyCase(run)).toMatchObject({ status: 'timeout', message: `timed out after ${TIMEOUT_MS} ms: the program did not exit (an endless loop, or a timer, child process or open handle that keeps it alive?)` });
    expect(run.stdout).toMatch(/⏱ echo hands its text back as the content/);
    expectCleanBoundedRun(run);
  });

  it('ignores-sigterm: is killed with SIGKILL after the grace period', async () => {
    const run = await runScenario('ignores-sigterm', IGNORING_CASE);
    expect(onlyCase(run).status).toBe('timeout');
    expect(run.stdout).toMatch(/SIGTERM ignored/);
    expectCleanBoundedRun(run);
  });
});

describe('processes a program leaves behind are killed', () => {
  it('orphan-then-exits: background, setsid and env -i grandchildren holding stdout are gone, the case still passes', async () => {
    const run = await runScenario('orphan-then-exits', ONE_CASE);
    expect(run.exitCode).toBe(0);
    expect(onlyCase(run).status).toBe('pass');
    expectCleanBoundedRun(run);
  });

  it('orphan-then-hangs: a detached tree and a hang end as a timeout with nothing left', async () => {
    const run = await runScenario('orphan-then-hangs', HANGING_CASE);
    expect(onlyCase(run).status).toBe('timeout');
    expectCleanBoundedRun(run);
  });
});

describe('a flood of output fails with the head and tail kept', () => {
  it('stdout-flood: 200 MB on stdout', async () => {
    const run = await runScenario('stdout-flood', ONE_CASE);
    expect(run.exitCode).toBe(1);
    const c = onlyCase(run);
    expect(c.status).toBe('fail');
    expect(c.message).toMatch(/^stdout: output exceeded 1048576 bytes \(head and tail kept, the middle \d+ bytes dropped\)/);
    expect(c.message).toMatch(/it starts: "FLOOD-HEAD x+"…/);
    expect(c.message).toMatch(/it ends: +…"x+ FLOOD-TAIL\\n"/);
    expectCleanBoundedRun(run);
  });

  it('stderr-flood: 200 MB on stderr before a correct answer', async () => {
    const run = await runScenario('stderr-flood', ONE_CASE);
    const c = onlyCase(run);
    expect(c.status).toBe('fail');
    expect(c.message).toMatch(/^stderr: output exceeded 1048576 bytes/);
    expect(c.message).toMatch(/it ends: +…"y+ FLOOD-TAIL\\n"/);
    // The report keeps a short head and tail of the flood, not megabytes.
    expect(run.stdout.length).toBeLessThan(20_000);
    expectCleanBoundedRun(run);
  });
});

describe('stdout that is not exactly one JSON document is named, with the offending output', () => {
  it.each([
    ['not-json', /^stdout is not JSON: print the result with JSON\.stringify$/, /offending output:\n\s+all calls done, 1 result/],
    ['debug-before-json', /^stdout is not one JSON document: found text before it \(debug output belongs on stderr: console\.error\)$/, /offending output:\n\s+debug: dispatching calls\n\s+debug: got 1 result\n/],
    ['two-documents', /^stdout is not one JSON document: found more output after the first document/, /offending output:\n\s+\{"results":\[\{"content":"hello"\}\]\}/],
    ['prints-nothing', /^stdout is empty: the program must print one JSON document$/, /what differs:\n\s+stdout is empty/],
  ])('%s', async (name, message, pretty) => {
    const run = await runScenario(name, ONE_CASE);
    expect(run.exitCode).toBe(1);
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: expect.stringMatching(message) });
    expect(run.stdout).toMatch(pretty);
    expectCleanBoundedRun(run);
  });
});

describe('a program that exits badly fails with the exit code or signal and its stderr', () => {
  it('exits-3', async () => {
    const run = await runScenario('exits-3', ONE_CASE);
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: expect.stringMatching(/^exit code: expected 0, received 3\n/) });
    expect(run.stdout).toMatch(/stderr:\n\s+fatal: the dispatcher is not wired up yet/);
    expectCleanBoundedRun(run);
  });

  it('killed-by-signal', async () => {
    const run = await runScenario('killed-by-signal', ONE_CASE);
    expect(onlyCase(run)).toMatchObject({ status: 'fail', message: expect.stringMatching(/^exit code: expected 0, but the program was killed by SIGKILL\n/) });
    expect(run.stdout).toMatch(/stderr:\n\s+about to die/);
    expectCleanBoundedRun(run);
  });
});

describe('a program that cannot start is one clear problem for the run, not a failure per case', () => {
  it('syntax-error: the build error with file:line, once', async () => {
    const run = await runScenario('syntax-error', ['--stage', 'echo']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/✗ echo: program\.ts could not be run\naliases\.js:5:1: Expected identifier but found ";"/);
    expect(run.stdout).not.toMatch(/✗ echo ›/);
    expect(run.report?.stages[0]?.problem).toMatch(/^aliases\.js:5:1: /);
    expectCleanBoundedRun(run);
  });

  it('throws-at-import: the crash with file:line in program.ts, once, and later stages skipped', async () => {
    const run = await runScenario('throws-at-import', ['--stage', 'echo', '--stage', 'view', '--jobs', '4']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/✗ echo: program\.ts could not be run\nprogram\.ts crashes at start, whatever the case.*\nprogram\.ts:6:9: Error: aliases\.json is missing\n/);
    expect(run.stdout).not.toMatch(/✗ echo ›|! echo/);
    expect(run.stdout).toContain(`(${ECHO_CASES} cases not graded)\n`);
    const [echo, view] = run.report?.stages ?? [];
    expect(echo?.cases.every((c) => c.status === 'error' && c.message === 'program.ts crashes at start: program.ts:6:9: Error: aliases.json is missing')).toBe(true);
    expect(view?.status).toBe('skip');
    expectCleanBoundedRun(run);
  });

  it('a missing program.ts exits 2 with what to do', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-no-program-'));
    try {
      const run = await runScenario('no-program', ONE_CASE, { dir });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/dispatch-lab: no program\.ts in .*\ndispatch-lab: start a course directory with: npx dispatch-lab init/);
      expectCleanBoundedRun(run);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what a program sees and leaves', () => {
  it('reads-env: a scrubbed environment with a fixed time zone and locale', async () => {
    const secrets = { GITHUB_TOKEN: 'ghp_not_for_students', DISPATCH_LAB_TEST_SECRET: 'hunter2', NODE_OPTIONS: '--no-deprecation', TZ: 'America/New_York', LANG: 'de_DE.UTF-8' };
    const run = await runScenario('reads-env', ONE_CASE, { env: secrets });
    expect(onlyCase(run).status).toBe('fail');
    const seen = JSON.parse(/ENV (\{.*\})/.exec(run.stdout)?.[1] ?? 'null') as { env: Record<string, string>; timeZone: string; offsetMinutes: number };
    expect(Object.keys(seen.env).sort()).toEqual(['DISPATCH_LAB_RUN', 'HOME', 'LANG', 'LC_ALL', 'NO_COLOR', 'PATH', 'TMPDIR', 'TZ']);
    expect(seen.env).toMatchObject({ TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' });
    expect(seen.env.HOME).toBe(seen.env.TMPDIR);
    expect(seen).toMatchObject({ timeZone: 'UTC', offsetMinutes: 0 });
    expect(run.stdout).not.toMatch(/hunter2|ghp_not_for_students|New_York|de_DE/);
    expectCleanBoundedRun(run);
  });

  it('litters-temp: files in its temp dir and home (read-only ones too) are removed with the case temp dir', async () => {
    const run = await runScenario('litters-temp', ['--stage', 'echo', '--jobs', '4']);
    expect(run.exitCode).toBe(0);
    expect(run.report?.summary.failed).toBe(0);
    expectCleanBoundedRun(run);
  });
});
