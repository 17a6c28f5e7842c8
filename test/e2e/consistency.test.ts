import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { runScenario, scenarioDir, type ScenarioReport } from './scenario.ts';

// Verdicts do not depend on how many cases run at once, and --repeat finds the ones that depend on luck.

function verdictsOf(report: ScenarioReport | undefined): [string, string, string, string][] {
  return (report?.stages ?? []).flatMap((s) => s.cases.map((c) => [s.slug, c.name, c.status, c.message] as [string, string, string, string]));
}

describe('verdicts (e2e)', () => {
  it('are identical at --jobs 1 and --jobs 8 for a program that misbehaves differently per case', { timeout: 180_000 }, async () => {
    // Long enough that eight programs starting at once on a loaded 2-core machine never time out by accident.
    const args = ['--stage', 'echo', '--timeout', '8000'];
    // Both runs at once: most of their time is the timeouts they wait out (at --jobs 1, one after another).
    const atJobs = (jobs: string) => runScenario('misbehaves-by-case', [...args, '--jobs', jobs]);
    const [one, eight] = await Promise.all([atJobs('1'), atJobs('8')]);
    const verdicts = verdictsOf(one.report);
    expect(new Set(verdicts.map(([, , status]) => status))).toEqual(new Set(['pass', 'fail', 'timeout']));
    expect(verdictsOf(eight.report)).toEqual(verdicts);
    expect(eight.stdout.replace(/\d+(\.\d+)? m?s/g, 'T')).toEqual(one.stdout.replace(/\d+(\.\d+)? m?s/g, 'T'));
    for (const run of [one, eight]) expect([run.leftovers, run.tempLeft]).toEqual([[], []]);
  });

  // Four stage runs, each building and spawning a case per process. register-tools is graded on a third of its cases
  // (--shard 1/3, every third by file name): enough to hold passes and failures, and minutes less on a loaded machine.
  it('are identical at --jobs 1 and --jobs 8 for the reference and for a program that crashes at start', { timeout: 300_000 }, async () => {
    for (const [name, args] of [['throws-at-import', ['--stage', 'echo', '--stage', 'view']], ['write-not-routed', ['--stage', 'register-tools', '--shard', '1/3']]] as const) {
      const atJobs = (jobs: string) => runScenario(name, [...args, '--jobs', jobs]);
      const [one, eight] = await Promise.all([atJobs('1'), atJobs('8')]);
      expect(verdictsOf(eight.report)).toEqual(verdictsOf(one.report));
      expect(eight.exitCode).toBe(one.exitCode);
      if (name === 'write-not-routed') expect(new Set(verdictsOf(one.report).map(([, , status]) => status))).toEqual(new Set(['pass', 'fail']));
    }
  });
});

describe('--repeat (e2e)', () => {
  it('fails a case whose verdict changes between runs as flaky, naming each outcome', async () => {
    await rm(join(scenarioDir('flaky'), '.dispatch-lab/flaky-runs'), { force: true });
    const run = await runScenario('flaky', ['--stage', 'echo', '--case', 'roundtrip', '--repeat', '4']);
    expect(run.exitCode).toBe(1);
    const c = run.report?.stages[0]?.cases[0];
    expect(c?.status).toBe('fail');
    expect(c?.message).toMatch(/^flaky: the verdict changed across 4 runs of the same case \(2× pass, 2× fail\)/);
    expect(c?.message).toMatch(/2× fail: results\[0\]\.content: expected "hello", received "sometimes wrong"/);
  });

  it('keeps a steady pass a pass', async () => {
    const run = await runCli(['test', '--stage', 'echo', '--case', 'unknown', '--repeat', '3']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toMatch(/flaky/);
  });
});
