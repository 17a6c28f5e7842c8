// What the page shows of a similar pair: each side's files that hold shared code, with the shared line ranges marked.
import type { FingerprintSet } from './fingerprint-set.ts';
import { sharedRegions, type LineRange } from './shared-regions.ts';
import type { SimilarPair, SubmissionCode } from './similarity.ts';

/** One file of one side of a pair: its text and the ranges it shares with the other side. */
export type FileView = { path: string; text: string; ranges: LineRange[] };

/** A pair shown side by side: the pair, then a's files and b's files that share code. */
export type PairView = { pair: SimilarPair; a: FileView[]; b: FileView[] };

/** How many pairs the page shows side by side (the JSON and CSV list them all). */
export const PAIRS_SHOWN = 10;

// The files of one side with their shared ranges.
function sideOf(code: SubmissionCode, own: FingerprintSet, other: FingerprintSet): FileView[] {
  const shared = [...own.hashes].filter((h) => other.hashes.has(h));
  const paths = code.files.map((f) => f.path);
  return sharedRegions(own.places, shared, paths).map((r) => ({ path: r.path, text: code.files.find((f) => f.path === r.path)?.text ?? '', ranges: r.ranges }));
}

// The side-by-side views of the first `limit` pairs; `sets[i]` holds the fingerprints of `codes[i]`.
export function pairViews(codes: SubmissionCode[], sets: FingerprintSet[], pairs: SimilarPair[], limit = PAIRS_SHOWN): PairView[] {
  const index = new Map(codes.map((c, i) => [c.submission, i]));
  return pairs.slice(0, limit).flatMap((pair) => {
    const i = index.get(pair.a);
    const j = index.get(pair.b);
    if (i === undefined || j === undefined) return [];
    const [codeA, codeB, setA, setB] = [codes[i], codes[j], sets[i], sets[j]];
    if (!codeA || !codeB || !setA || !setB) return [];
    return [{ pair, a: sideOf(codeA, setA, setB), b: sideOf(codeB, setB, setA) }];
  });
}
