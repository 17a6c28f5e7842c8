// Points: what each case is worth and what a run scored. Arithmetic is done in hundredths (integers), so scores are exact
// to two decimals and a stage's shares add up to exactly its points.
import type { Case, CaseResult, Report, Stage, StageResult } from './types.ts';

/** A score out of a maximum, both exact to two decimals. */
export type Score = { score: number; maxScore: number };

function toCents(points: number): number {
  return Math.round(points * 100);
}

function fromCents(cents: number): number {
  return cents / 100;
}

// A stage's points spread over its cases in proportion to their weights (equal shares when every weight is 0),
// by largest remainder in hundredths: each share is exact to two decimals and the shares add up to `points`.
export function spreadPoints(points: number, weights: number[]): number[] {
  const total = toCents(points);
  const used = weights.reduce((sum, w) => sum + w, 0) > 0 ? weights : weights.map(() => 1);
  const weightSum = used.reduce((sum, w) => sum + w, 0);
  if (weightSum === 0) return [];
  const exact = used.map((w) => (total * w) / weightSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((sum, s) => sum + s, 0);
  // The hundredths rounding left over go to the largest remainders, the earlier case first on a tie.
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares.map(fromCents);
}

// The cases with what each is worth (`maxScore`): its share of its stage's `points` when the manifest gives them
// (the cases' own `points`, 1 when absent, are the relative weights), else its own `points` (1 when absent).
export function withCasePoints(stages: Stage[], cases: Case[]): Case[] {
  const worth = new Map<Case, number>();
  for (const stage of stages) {
    if (stage.points === undefined) continue;
    const own = cases.filter((c) => c.stage === stage.slug);
    const shares = spreadPoints(stage.points, own.map((c) => c.points ?? 1));
    own.forEach((c, i) => worth.set(c, shares[i] ?? 0));
  }
  return cases.map((c) => ({ ...c, maxScore: worth.get(c) ?? c.points ?? 1 }));
}

// What a case is worth: set by the loader, else its own points (1 when absent).
export function caseMaxScore(c: Case): number {
  return c.maxScore ?? c.points ?? 1;
}

// What a graded case scored: all of its points when it passed, none otherwise.
export function caseScore(result: CaseResult): Score {
  const maxScore = caseMaxScore(result.case);
  return { score: result.verdict.status === 'pass' ? maxScore : 0, maxScore };
}

// The sum of scores, exact to two decimals.
export function sumScores(scores: Score[]): Score {
  const cents = scores.reduce((sum, s) => ({ score: sum.score + toCents(s.score), maxScore: sum.maxScore + toCents(s.maxScore) }), { score: 0, maxScore: 0 });
  return { score: fromCents(cents.score), maxScore: fromCents(cents.maxScore) };
}

// The most a set of cases can score together.
export function maxScoreOf(cases: Case[]): number {
  return sumScores(cases.map((c) => ({ score: 0, maxScore: caseMaxScore(c) }))).maxScore;
}

// A stage's score: the sum over the cases it graded.
export function stageScore(result: StageResult): Score {
  return sumScores(result.cases.map(caseScore));
}

// A whole run's score: the sum over every case it graded.
export function reportScore(report: Report): Score {
  return sumScores(report.stages.map(stageScore));
}

// A score as people read it: "87/100", "12.5/20".
export function formatScore(score: Score): string {
  return `${score.score}/${score.maxScore}`;
}
