// The similarity check of `grade --similarity`: read every submission's own code and the starter's, compare them, and
// keep the first pairs' code for the page's side-by-side view.
import { join, resolve } from 'node:path';
import { packageRoot } from '../course/io/package-root.ts';
import { pairViews, type PairView } from './core/pair-view.ts';
import { compareSubmissions, type Similarity } from './core/similarity.ts';
import { readCodeFiles, readSubmissionsCode } from './io/read-code.ts';

/** What the check found, the pairs to show side by side, and how long reading and comparing took. */
export type SimilarFound = { similarity: Similarity; views: PairView[]; readMs: number; compareMs: number };

// Compare the submissions (as given on the command line) with the starter's code left out; `starterDir` defaults to
// the package's starter/ (its program.ts and the stubs of src/).
export async function findSimilar(submissions: string[], threshold: number, starterDir = join(packageRoot(), 'starter')): Promise<SimilarFound> {
  const started = performance.now();
  const leftOut = await readCodeFiles(starterDir);
  const codes = await readSubmissionsCode(submissions, (s) => resolve(s));
  const read = performance.now();
  const { similarity, sets } = compareSubmissions(codes, leftOut, threshold);
  const views = pairViews(codes, sets, similarity.pairs);
  return { similarity, views, readMs: read - started, compareMs: performance.now() - read };
}
