// Hangs are bounded by what hangs, not by case order: two timeouts in calls to one tool (or outside any tool call)
// cut the stage's later cases short, even when the first case calling the tool passes, with the same verdicts at any
// --jobs.
import { describe, expect, it } from 'vitest';
import { runScenario, type ScenarioRun } from './scenario.ts';

const verdicts = (run: ScenarioRun, stage: string) => (run.report?.stages.find((s) => s.slug === stage)?.cases ?? []).map((c) => `${c.status} ${c.name}: ${c.message}`);

describe.each([
  ['str-replace-loops-on-a-match', 'str-replace', /^timeout .*: timed out during calls\[\d\] str_replace/, /^timeout .*: cut short: calls to str_replace timed out in 2 earlier cases/],
  ['turn-never-settles', 'parallel-calls', /^timeout .*: timed out after 5000 ms: the program did not exit/, /^timeout .*: cut short: the program timed out outside any tool call in 2 earlier cases/],
])('%s', (program, stage, hang, cut) => {
  it('waits out two timeouts, cuts the later cases short, and gives the same verdicts at --jobs 1 and 4', async () => {
    const [one, four] = await Promise.all(['1', '4'].map((jobs) => runScenario(program, ['--stage', stage, '--timeout', '5000', '--jobs', jobs])));
    const serial = verdicts(one as ScenarioRun, stage);
    // A case stopped the moment it is cut short leaves no process behind.
    expect([one?.leftovers, four?.leftovers]).toEqual([[], []]);
    expect(verdicts(four as ScenarioRun, stage)).toEqual(serial);
    const hangs = serial.filter((v) => hang.test(v));
    const cutShort = serial.filter((v) => cut.test(v));
    expect(hangs).toHaveLength(2);
    expect(cutShort.length).toBeGreaterThan(10);
    // Every case after the second hang is cut short; some before it passed (the loop's first case passes).
    const second = serial.findIndex((v, i) => hang.test(v) && serial.slice(0, i).some((w) => hang.test(w)));
    expect(serial.slice(second + 1).every((v) => cut.test(v))).toBe(true);
    expect(serial.slice(0, second).some((v) => v.startsWith('pass '))).toBe(program === 'str-replace-loops-on-a-match');
  }, 240_000);
});
