// A submission's own fingerprints: every file's winnowed fingerprints, less those of the code every student is given
// (the starter and its stubs), with the places each one was found.
import { codeTokens } from './code-tokens.ts';
import { winnow, type WinnowSizes } from './winnow.ts';

/** A source file of a submission, by its path inside the submission. */
export type CodeFile = { path: string; text: string };

/** Where a fingerprint was found: the file (its index in the submission's files) and the lines its tokens span. */
export type Place = { file: number; startLine: number; endLine: number };

/** A submission's own fingerprints and where each one is. */
export type FingerprintSet = { hashes: Set<number>; places: Map<number, Place[]> };

// Every fingerprint hash of some files (for the code left out of the comparison).
export function fileHashes(files: CodeFile[], idOf: (text: string) => number, sizes?: WinnowSizes): Set<number> {
  return new Set(files.flatMap((f) => winnow(codeTokens(f.text), idOf, sizes).map((p) => p.hash)));
}

// The fingerprints of a submission's files that are not among `leftOut`, with their places.
export function fingerprintSet(files: CodeFile[], idOf: (text: string) => number, leftOut: Set<number>, sizes?: WinnowSizes): FingerprintSet {
  const places = new Map<number, Place[]>();
  files.forEach((f, file) => {
    for (const p of winnow(codeTokens(f.text), idOf, sizes)) {
      if (leftOut.has(p.hash)) continue;
      const list = places.get(p.hash);
      const place = { file, startLine: p.startLine, endLine: p.endLine };
      if (list) list.push(place);
      else places.set(p.hash, [place]);
    }
  });
  return { hashes: new Set(places.keys()), places };
}
