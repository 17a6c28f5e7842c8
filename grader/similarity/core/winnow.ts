// Fingerprints by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for document
// fingerprinting", 2003; the method of MOSS and compare50): hash every run of K tokens, and in every window of W
// consecutive hashes keep the smallest. Two texts that share a run of at least W + K - 1 tokens share a fingerprint,
// and the fingerprints are a set, so moving a function elsewhere in its file (or to another file) changes only the few
// runs that straddle its ends.
import type { CodeToken } from './code-tokens.ts';

/** One fingerprint of a file: the hash of K tokens and the lines they span. */
export type Fingerprint = { hash: number; startLine: number; endLine: number };

/** The run length and window of the winnowing (tokens, hashes). */
export type WinnowSizes = { k: number; w: number };

/** 15 tokens a run (a short statement), a window of 8 hashes: a shared run of 22 tokens or more is always caught. Chosen
 * on test/fixtures/similarity: longer runs straddle the ends of short functions, so reordering them cost more (k 25:
 * a reordered copy scored 0.60), shorter ones begin to match code written independently (k 12: 0.02 against 0.003). */
export const WINNOW_SIZES: WinnowSizes = { k: 15, w: 8 };

const BASE = 0x01000193;

// A number per distinct token text, shared by every file of a comparison, so hashes agree between submissions.
export function tokenIds(): (text: string) => number {
  const ids = new Map<string, number>();
  return (text) => {
    let id = ids.get(text);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(text, id);
    }
    return id;
  };
}

// The hash of every run of k tokens (a polynomial rolling hash modulo 2^32), in order.
function runHashes(ids: number[], k: number): number[] {
  if (ids.length < k) return [];
  let top = 1;
  for (let i = 1; i < k; i++) top = Math.imul(top, BASE);
  let hash = 0;
  for (let i = 0; i < k; i++) hash = (Math.imul(hash, BASE) + (ids[i] ?? 0)) | 0;
  const hashes = [hash >>> 0];
  for (let i = k; i < ids.length; i++) {
    hash = (Math.imul(hash - Math.imul(ids[i - k] ?? 0, top), BASE) + (ids[i] ?? 0)) | 0;
    hashes.push(hash >>> 0);
  }
  return hashes;
}

// The winnowed fingerprints of one file's tokens: in each window of w hashes the rightmost smallest, each kept once; a
// file shorter than one window keeps its smallest hash; a file shorter than one run has none.
export function winnow(tokens: CodeToken[], idOf: (text: string) => number, sizes: WinnowSizes = WINNOW_SIZES): Fingerprint[] {
  const hashes = runHashes(tokens.map((t) => idOf(t.text)), sizes.k);
  const picked: number[] = [];
  const windows = Math.max(1, hashes.length - sizes.w + 1);
  for (let start = 0; start < windows && hashes.length > 0; start++) {
    let best = start;
    for (let i = start; i < Math.min(start + sizes.w, hashes.length); i++) if ((hashes[i] ?? 0) <= (hashes[best] ?? 0)) best = i;
    if (picked[picked.length - 1] !== best) picked.push(best);
  }
  return picked.map((at) => ({ hash: hashes[at] ?? 0, startLine: tokens[at]?.line ?? 1, endLine: tokens[at + sizes.k - 1]?.line ?? 1 }));
}
