import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fixturePrograms, runCli } from './cli.ts';
import { layoutProblems } from '../broken-words.ts';

// A failing run's pretty output and `show`, as a student reads them on a terminal COLUMNS wide (on a pipe here).
describe('text laid out to the width (e2e)', () => {
  const gradeAt = (columns: number) => runCli(['test', '--dir', join(fixturePrograms, 'view-garbles-a-txt'), '--stage', 'view'], { env: { COLUMNS: String(columns) } });

  it('a failing run at 80 and 60 columns breaks no word across lines', async () => {
    const [wide, at80, at60] = await Promise.all([gradeAt(100_000), gradeAt(80), gradeAt(60)]);
    expect(at80.exitCode).toBe(1);
    expect(at80.stdout).toMatch(/what differs:/);
    // Durations differ from run to run: each run is compared with the wide one, durations masked.
    const masked = (text: string) => text.replace(/\d+(\.\d+)? m?s\b/g, '0 ms');
    expect(layoutProblems(masked(at80.stdout), masked(wide.stdout), 80)).toEqual([]);
    expect(layoutProblems(masked(at60.stdout), masked(wide.stdout), 60)).toEqual([]);
  }, 240_000);

  it('show at 60 columns keeps every line within the width', async () => {
    const run = await runCli(['show', 'register-tools'], { env: { COLUMNS: '60' } });
    expect(run.exitCode).toBe(0);
    expect(Math.max(...run.stdout.split('\n').map((line) => [...line].length))).toBeLessThanOrEqual(60);
    expect(run.stdout).toMatch(/^┌─/m);
  });
});
