// The similarity of a class's submissions: each submission's own fingerprints (the starter's left out), every pair
// scored by the fingerprints it shares, the pairs at or above a threshold ranked, and the clusters they form.
import { clustersOf } from './clusters.ts';
import { fileHashes, fingerprintSet, type CodeFile, type FingerprintSet } from './fingerprint-set.ts';
import { tokenIds, WINNOW_SIZES, type WinnowSizes } from './winnow.ts';

/** One submission's own code. */
export type SubmissionCode = { submission: string; files: CodeFile[] };

/** A pair of submissions at or above the threshold (gradebook JSON `similarity.pairs[]`). */
export type SimilarPair = {
  /** The two submissions, as given on the command line (`a` sorts first). */
  a: string;
  b: string;
  /** Shared fingerprints over the fingerprints of either (shared / union, 0 to 1, 3 decimals): the ranking. */
  score: number;
  /** How many fingerprints the two share, the starter's left out. */
  shared: number;
  /** The share of a's own fingerprints found in b, and of b's in a (0 to 1, 3 decimals). */
  ofA: number;
  ofB: number;
};

/** The similarity section of a gradebook (gradebook JSON `similarity`). */
export type Similarity = {
  /** Pairs scoring at least this are listed (--similarity-threshold). */
  threshold: number;
  /** How the fingerprints were taken: runs of k normalised tokens, winnowed in windows of w. */
  k: number;
  w: number;
  /** How many submissions were compared, and how many fingerprints of the starter were left out of each. */
  submissions: number;
  leftOut: number;
  /** The pairs at or above the threshold, highest score first. */
  pairs: SimilarPair[];
  /** Groups of three or more submissions linked by such pairs, largest first. */
  clusters: string[][];
};

/** What a comparison found, and the fingerprints it found it with (for marking the shared regions). */
export type Comparison = { similarity: Similarity; sets: FingerprintSet[] };

// A fraction with 3 decimals.
const fraction = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);

// How many fingerprints each pair (i < j) shares, counted through the submissions each fingerprint is in.
function sharedCounts(sets: FingerprintSet[]): Uint32Array {
  const n = sets.length;
  const holders = new Map<number, number[]>();
  sets.forEach((set, i) => {
    for (const hash of set.hashes) {
      const list = holders.get(hash);
      if (list) list.push(i);
      else holders.set(hash, [i]);
    }
  });
  const counts = new Uint32Array(n * n);
  for (const list of holders.values()) {
    for (let x = 0; x < list.length; x++) {
      const row = (list[x] ?? 0) * n;
      for (let y = x + 1; y < list.length; y++) {
        const at = row + (list[y] ?? 0);
        counts[at] = (counts[at] ?? 0) + 1;
      }
    }
  }
  return counts;
}

// Compare every pair of submissions, with the fingerprints of `leftOut` (the starter, its stubs) removed from each.
export function compareSubmissions(codes: SubmissionCode[], leftOut: CodeFile[], threshold: number, sizes: WinnowSizes = WINNOW_SIZES): Comparison {
  const idOf = tokenIds();
  const given = fileHashes(leftOut, idOf, sizes);
  const sorted = [...codes].sort((x, y) => (x.submission < y.submission ? -1 : x.submission > y.submission ? 1 : 0));
  const sets = sorted.map((c) => fingerprintSet(c.files, idOf, given, sizes));
  const counts = sharedCounts(sets);
  const pairs: SimilarPair[] = [];
  const n = sorted.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const shared = counts[i * n + j] ?? 0;
      const sizeA = sets[i]?.hashes.size ?? 0;
      const sizeB = sets[j]?.hashes.size ?? 0;
      const score = fraction(shared, sizeA + sizeB - shared);
      if (shared === 0 || score < threshold) continue;
      pairs.push({ a: sorted[i]?.submission ?? '', b: sorted[j]?.submission ?? '', score, shared, ofA: fraction(shared, sizeA), ofB: fraction(shared, sizeB) });
    }
  }
  pairs.sort((x, y) => y.score - x.score || y.shared - x.shared || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1));
  const similarity = { threshold, k: sizes.k, w: sizes.w, submissions: n, leftOut: given.size, pairs, clusters: clustersOf(pairs) };
  const bySubmission = new Map(sorted.map((c, i) => [c.submission, sets[i] as FingerprintSet]));
  return { similarity, sets: codes.map((c) => bySubmission.get(c.submission) as FingerprintSet) };
}
