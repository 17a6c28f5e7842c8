// The similar pairs as their own CSV (`<out>-similar.csv`), one row per pair at or above the threshold: a spreadsheet
// sorts and filters them without the gradebook's columns in the way. Fractions are percentages (numbers, 2 decimals).
import type { Similarity } from '../../similarity/core/similarity.ts';
import { csvOf, type Cell } from './gradebook-csv.ts';
import { shortName } from './short-name.ts';

// A fraction (0 to 1) as a percentage.
const percent = (fraction: number): number => Math.round(fraction * 10_000) / 100;

// One row per similar pair, highest score first, with the number of the cluster (1 = the largest) both are in.
export function similarCsv(similarity: Similarity): string {
  const header = ['name_a', 'submission_a', 'name_b', 'submission_b', 'score_percent', 'shared_fingerprints', 'share_of_a_percent', 'share_of_b_percent', 'cluster'];
  const clusterOf = new Map(similarity.clusters.flatMap((members, i) => members.map((m) => [m, i + 1] as const)));
  const rows = similarity.pairs.map((p): Cell[] => [
    shortName(p.a), p.a, shortName(p.b), p.b, percent(p.score), p.shared, percent(p.ofA), percent(p.ofB), clusterOf.get(p.a) ?? '',
  ]);
  return csvOf([header, ...rows]);
}
