// Where two submissions share code: the line ranges of each file that the shared fingerprints cover, so a page can
// mark them side by side.
import type { Place } from './fingerprint-set.ts';

/** A run of lines of one file (1-based, both ends included). */
export type LineRange = { start: number; end: number };

/** The shared regions of one file of a submission. */
export type FileRegions = { path: string; ranges: LineRange[] };

// Line ranges merged where they overlap or touch, in order.
export function mergedRanges(ranges: LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((x, y) => x.start - y.start || x.end - y.end);
  const merged: LineRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end + 1) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

// The regions of a submission's files covered by the fingerprints of `shared`, per file in the order of `paths`
// (files with no shared region left out).
export function sharedRegions(places: Map<number, Place[]>, shared: Iterable<number>, paths: string[]): FileRegions[] {
  const perFile = new Map<number, LineRange[]>();
  for (const hash of shared) {
    for (const p of places.get(hash) ?? []) perFile.set(p.file, [...(perFile.get(p.file) ?? []), { start: p.startLine, end: p.endLine }]);
  }
  return [...perFile.entries()]
    .sort(([x], [y]) => x - y)
    .map(([file, ranges]) => ({ path: paths[file] ?? '?', ranges: mergedRanges(ranges) }));
}
