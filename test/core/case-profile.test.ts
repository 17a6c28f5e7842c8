import { describe, expect, it } from 'vitest';
import { emptyProfile, profileLines, withCaseTimes } from '../../grader/run/core/case-profile.ts';

describe('case profile', () => {
  it('sums the phases of every case and counts only the runs that start a case', () => {
    let totals = withCaseTimes(emptyProfile(), { program: 100, aroundProgram: 4, cleanup: 20, judge: 1 }, true);
    totals = withCaseTimes(totals, { report: 2 }, false);
    totals = withCaseTimes(totals, { program: 300, aroundProgram: 6, cleanup: 10, judge: 3 }, true);
    expect(totals).toEqual({ cases: 2, build: 0, times: { program: 400, aroundProgram: 10, cleanup: 30, judge: 4, report: 2 } });
  });

  it('never lets a negative measure (clock rounding) lower a total', () => {
    expect(withCaseTimes(emptyProfile(), { aroundProgram: -1 }, true).times.aroundProgram).toBe(0);
  });

  it('lays out the totals and the means per case as a table, totals right-aligned', () => {
    const totals = { cases: 2, build: 50, times: { program: 400, aroundProgram: 10, cleanup: 30, judge: 4, report: 2 } };
    expect(profileLines(totals, 1234)).toEqual([
      'profile: 2 case runs in 1234 ms of wall time (phases of concurrent cases overlap)',
      '  phase                                                    total  per case',
      '  program build (esbuild)                                  50 ms',
      "  the student's process (spawn to exit and closed pipes)  400 ms  200.0 ms",
      '  temp dir, limits, spawn call and process sweep           10 ms    5.0 ms',
      '  temp dir removal (off the spawning path)                 30 ms   15.0 ms',
      '  judging                                                   4 ms    2.0 ms',
      '  reporting (onCaseEnd)                                     2 ms    1.0 ms',
    ]);
  });

  it('shows no mean when no case ran', () => {
    const lines = profileLines(emptyProfile(), 0);
    expect(lines[0]).toBe('profile: 0 case runs in 0 ms of wall time (phases of concurrent cases overlap)');
    expect(lines.slice(3).every((line) => line.endsWith('0 ms         -'))).toBe(true);
  });
});
