import { describe, expect, it } from 'vitest';
import { caseMaxScore, formatScore, reportScore, spreadPoints, sumScores, withCasePoints } from '../../grader/course/core/points.ts';
import type { Case, Report, Stage } from '../../grader/course/core/types.ts';

function aCase(stage: string, n: number, points?: number): Case {
  return { name: `${stage} ${n}`, hint: 'h', input: {}, expect: {}, stage, file: `cases/${stage}/${n}.json`, ...(points === undefined ? {} : { points }) };
}

describe('spreadPoints', () => {
  it.each([
    { points: 10, weights: [1, 1, 1, 1, 1], shares: [2, 2, 2, 2, 2] },
    { points: 10, weights: [1, 1, 1], shares: [3.34, 3.33, 3.33] },
    { points: 1, weights: [1, 1, 1, 1, 1, 1, 1], shares: [0.15, 0.15, 0.14, 0.14, 0.14, 0.14, 0.14] },
    { points: 100, weights: [1, 3], shares: [25, 75] },
    { points: 10, weights: [2, 1, 0], shares: [6.67, 3.33, 0] },
    { points: 5, weights: [0, 0], shares: [2.5, 2.5] },
    { points: 0, weights: [1, 2], shares: [0, 0] },
    { points: 7, weights: [], shares: [] },
  ])('$points over $weights → $shares', ({ points, weights, shares }) => {
    const result = spreadPoints(points, weights);
    expect(result).toEqual(shares);
    if (weights.length > 0) expect(sumScores(result.map((s) => ({ score: s, maxScore: s }))).maxScore).toBe(points);
  });

  it('always adds up to the stage points exactly, whatever the count', () => {
    for (let n = 1; n <= 40; n++) {
      const shares = spreadPoints(17.5, Array.from({ length: n }, () => 1));
      expect(sumScores(shares.map((s) => ({ score: s, maxScore: s }))).maxScore).toBe(17.5);
      expect(shares.every((s) => Number(s.toFixed(2)) === s)).toBe(true);
    }
  });
});

describe('withCasePoints', () => {
  const stages: Stage[] = [{ slug: 'echo', title: 'Echo', command: 'dispatch', points: 10 }, { slug: 'view', title: 'View', command: 'dispatch' }];

  it('spreads stage points over the stage cases (own points as weights) and keeps case points elsewhere', () => {
    const cases = withCasePoints(stages, [aCase('echo', 1), aCase('echo', 2, 3), aCase('view', 1), aCase('view', 2, 0.5)]);
    expect(cases.map(caseMaxScore)).toEqual([2.5, 7.5, 1, 0.5]);
  });
});

describe('reportScore', () => {
  it('sums passed cases, exact to two decimals', () => {
    const stage: Stage = { slug: 'echo', title: 'Echo', command: 'dispatch' };
    const [a, b, c] = withCasePoints([{ ...stage, points: 1 }], [aCase('echo', 1), aCase('echo', 2), aCase('echo', 3)]) as [Case, Case, Case];
    const report: Report = {
      summary: { passed: 2, failed: 1, skipped: 0, total: 3, durationMs: 0 },
      stages: [{ stage, status: 'fail', cases: [{ case: a, verdict: { status: 'pass' }, durationMs: 0 }, { case: b, verdict: { status: 'timeout', timeoutMs: 1 }, durationMs: 0 }, { case: c, verdict: { status: 'pass' }, durationMs: 0 }] }],
    };
    expect(reportScore(report)).toEqual({ score: 0.67, maxScore: 1 });
    expect(formatScore(reportScore(report))).toBe('0.67/1');
  });
});
