// The class at a glance: how many submissions, their mean and median, a score distribution, each stage's pass rate,
// and the item analysis — the cases the class fails most, with the first differences they fail with, grouped.
import type { CaseFailure } from './gradebook-failures.ts';
import { differenceKey } from './gradebook-failures.ts';
import type { GradebookRow } from './gradebook.ts';

export type { ClassSummary, CommonDifference, MostFailedCase, ScoreBin, StagePassRate } from './class-summary.ts';
import type { ClassSummary, CommonDifference, MostFailedCase, ScoreBin, StagePassRate } from './class-summary.ts';

const BINS = 10;
/** Cases listed as most failed, and first differences kept per case. */
const MOST_FAILED = 10;
const DIFFERENCES_PER_CASE = 3;

const round2 = (n: number) => Math.round(n * 100) / 100;

// The middle value (the mean of the two middle ones for an even count); 0 for none.
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// Scores as percentages in BINS equal bins, 0–10 %, …, 90–100 % (100 % in the last).
export function histogramOf(percents: number[]): ScoreBin[] {
  const width = 100 / BINS;
  const bins = Array.from({ length: BINS }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const p of percents) {
    const bin = bins[Math.min(BINS - 1, Math.max(0, Math.floor(p / width)))];
    if (bin) bin.count++;
  }
  return bins;
}

// Whether any case of the row ran.
function wasGraded(row: GradebookRow): boolean {
  return Object.values(row.stages).some((s) => s.mark !== 'not-run');
}

// The cases failed by the most submissions (course order on a tie), each with its most common first differences.
// A case that could not run (a crash at start, a build error) is the submission's problem, not the case's: not counted.
function mostFailedOf(failures: CaseFailure[][]): MostFailedCase[] {
  const byCase = new Map<string, { first: CaseFailure; order: number; bySubmission: Map<number, CaseFailure> }>();
  failures.forEach((list, submission) => {
    for (const f of list) {
      if (f.status === 'error') continue;
      const key = JSON.stringify([f.stage, f.name]);
      const entry = byCase.get(key) ?? { first: f, order: byCase.size, bySubmission: new Map() };
      entry.bySubmission.set(submission, f);
      byCase.set(key, entry);
    }
  });
  const ranked = [...byCase.values()].sort((a, b) => b.bySubmission.size - a.bySubmission.size || a.order - b.order).slice(0, MOST_FAILED);
  return ranked.map(({ first, bySubmission }) => {
    const groups = new Map<string, CommonDifference>();
    for (const [submission, f] of bySubmission) {
      const key = JSON.stringify([differenceKey(f.difference), f.note ?? '', f.mistake ?? '']);
      const group = groups.get(key) ?? { difference: differenceKey(f.difference), ...(f.note ? { note: f.note } : {}), ...(f.mistake ? { mistake: f.mistake } : {}), count: 0, submissions: [] };
      group.count++;
      group.submissions.push(submission);
      groups.set(key, group);
    }
    const differences = [...groups.values()].sort((a, b) => b.count - a.count).slice(0, DIFFERENCES_PER_CASE);
    return { stage: first.stage, name: first.name, file: first.file, hint: first.hint, ...(first.private ? { private: true as const } : {}), failed: bySubmission.size, differences };
  });
}

// The class summary of a gradebook's rows; `failures[i]` are the failed cases of row i (gradebook/core/gradebook.ts reportFailures).
export function classSummary(rows: GradebookRow[], stages: string[], failures: CaseFailure[][]): ClassSummary {
  const graded = rows.filter(wasGraded);
  const scores = graded.map((r) => r.score);
  const maxScore = Math.max(0, ...rows.map((r) => r.maxScore));
  const percent = (r: GradebookRow) => (r.maxScore > 0 ? (100 * r.score) / r.maxScore : 0);
  const passRate = (stage: string): StagePassRate => {
    const passed = graded.filter((r) => r.stages[stage]?.mark === 'all').length;
    return { stage, passed, graded: graded.length, rate: graded.length > 0 ? round2(passed / graded.length) : 0 };
  };
  const gradedFailures = failures.map((list, i) => (rows[i] && wasGraded(rows[i]) ? list : []));
  return {
    submissions: rows.length,
    graded: graded.length,
    maxScore,
    mean: scores.length > 0 ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : 0,
    median: round2(medianOf(scores)),
    histogram: histogramOf(graded.map(percent)),
    stages: stages.map(passRate),
    mostFailed: mostFailedOf(gradedFailures),
  };
}
