// Failure blocks that answer the mistake, through the real CLI: a tool that hangs is named and the rest of its stage
// cut short (the timeout leaves a loaded machine time to start node and reach the call); a stub caught by a catch-all still reads as "not implemented yet".
import { describe, expect, it } from 'vitest';
import { runScenario } from './scenario.ts';

describe('a tool that loops forever', () => {
  it('is named, and only two cases wait out their timeout', async () => {
    const run = await runScenario('glob-loops-forever', ['--stage', 'glob', '--timeout', '5000', '--jobs', '4', '--reporter', 'pretty']);
    expect(run.exitCode).toBe(1);
    const cases = run.report?.stages.find((s) => s.slug === 'glob')?.cases ?? [];
    expect(cases.length).toBeGreaterThan(10);
    const full = cases.filter((c) => c.status === 'timeout' && c.message.startsWith('timed out during calls['));
    const cut = cases.filter((c) => c.status === 'timeout' && c.message.startsWith('cut short: '));
    expect(full.length).toBeGreaterThanOrEqual(1);
    expect(full.length).toBeLessThanOrEqual(2);
    expect(full.length + cut.length).toBe(cases.length);
    expect(full[0]?.message).toMatch(/^timed out during calls\[\d\] glob: the call did not return within 5000 ms/);
    expect(cut[0]?.message).toMatch(/^cut short: calls to glob timed out in 2 earlier cases/);
    expect(run.stdout).toMatch(/timed out during calls\[\d\] glob/);
    expect(run.stdout).toMatch(/perl -e 'alarm shift; exec @ARGV' 5 node --import tsx program\.ts dispatch/);
  }, 120_000);
});

describe('a stub behind a catch-all', () => {
  it('collapses the stage to one "not implemented yet" block', async () => {
    const run = await runScenario('stub-behind-catch-all', ['--stage', 'str-replace', '--jobs', '4']);
    expect(run.exitCode).toBe(1);
    const cases = run.report?.stages.find((s) => s.slug === 'str-replace')?.cases ?? [];
    const stubbed = cases.filter((c) => c.message === 'not implemented yet: Tools.strReplace in src/tools.ts (this case needs it)');
    expect(stubbed.length).toBe(cases.filter((c) => c.status !== 'pass').length);
    expect(stubbed.length).toBeGreaterThan(10);
    expect(run.stdout.match(/not implemented yet: Tools\.strReplace/g)).toHaveLength(1);
    expect(run.stdout).toMatch(new RegExp(`… and ${stubbed.length - 1} more cases failed the same way`));
  }, 120_000);
});
