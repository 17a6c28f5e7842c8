import equal from 'fast-deep-equal';
import type { Mismatch } from '../../course/core/types.ts';
import { isMatcher, matches } from './matchers.ts';
import { indexPath, keyPath } from './json-path.ts';
import { boundedValue } from './bounded-value.ts';
import { alignArrays, identityKey, MAX_ALIGNED, type Alignment } from './array-alignment.ts';

type JsonObject = Record<string, unknown>;

/** How many differences a failure lists; the rest are counted. */
export const MAX_MISMATCHES = 20;

/** The first differences between two documents, and how many there are in all. */
export type JsonDiff = { mismatches: Mismatch[]; total: number };

/** Collects the first differences and counts the rest, so a flood of them costs a counter, not memory. */
type Collector = { found: Mismatch[]; total: number; max: number };

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function add(into: Collector, mismatch: () => Mismatch, count = 1): void {
  if (into.found.length < into.max) into.found.push(mismatch());
  into.total += count;
}

// Every difference between an expected JSON value (which may hold matchers) and a received one, in document order:
// the first `max` of them with what was received cut to a small preview, and the count of all. The walk follows the
// expected value (the case file), so a deep or huge document costs no more than the case's own shape.
export function jsonDiffCounted(expected: unknown, received: unknown, max = MAX_MISMATCHES): JsonDiff {
  const into: Collector = { found: [], total: 0, max };
  walk(expected, received, '', into);
  return { mismatches: into.found, total: into.total };
}

// The first differences between an expected JSON value and a received one (see jsonDiffCounted); empty when they agree.
export function jsonDiff(expected: unknown, received: unknown): Mismatch[] {
  return jsonDiffCounted(expected, received).mismatches;
}

function walk(expected: unknown, received: unknown, path: string, into: Collector): void {
  if (isMatcher(expected)) {
    if (!matches(expected, received)) add(into, () => ({ kind: 'value', path, expected, received: boundedValue(received) }));
  } else if (Array.isArray(expected) && Array.isArray(received)) {
    walkArray(expected, received, path, into);
  } else if (isObject(expected) && isObject(received)) {
    walkObject(expected, received, path, into);
  } else if (!equal(expected, received)) {
    // One side is not a container here, so fast-deep-equal stops at once.
    add(into, () => ({ kind: 'value', path, expected, received: boundedValue(received) }));
  }
}

function walkArray(expected: unknown[], received: unknown[], path: string, into: Collector): void {
  const alignment = expected.length <= MAX_ALIGNED && received.length <= MAX_ALIGNED ? alignmentOf(expected, received) : undefined;
  if (alignment) walkAligned(expected, received, path, into, alignment);
  else walkByIndex(expected, received, path, into);
}

// Whether a received value meets an expected one in full (no difference at all).
function agrees(expected: unknown, received: unknown): boolean {
  const probe: Collector = { found: [], total: 0, max: 0 };
  walk(expected, received, '', probe);
  return probe.total === 0;
}

// How two short arrays are best compared (undefined: by index).
function alignmentOf(expected: unknown[], received: unknown[]): Alignment | undefined {
  const key = identityKey(expected);
  const idOf = (value: unknown) => (isObject(value) && key !== undefined && typeof value[key] === 'string' ? value[key] : undefined);
  if (key !== undefined && received.some((r) => idOf(r) !== undefined)) {
    const alignment = alignArrays(expected.length, received.length, (i, j) => idOf(expected[i]) === idOf(received[j]), true);
    return alignment && 'steps' in alignment ? { ...alignment, identity: key } : alignment;
  }
  const memo = new Map<number, boolean>();
  const same = (i: number, j: number) => {
    const at = i * (received.length + 1) + j;
    let found = memo.get(at);
    if (found === undefined) memo.set(at, (found = agrees(expected[i], received[j])));
    return found;
  };
  return alignArrays(expected.length, received.length, same, false);
}

// The differences of two arrays matched element to element as an alignment says.
function walkAligned(expected: unknown[], received: unknown[], path: string, into: Collector, alignment: Alignment): void {
  if ('reordered' in alignment) {
    add(into, () => ({ kind: 'reordered', path, expected, received: boundedValue(received), moves: alignment.reordered }));
    const moved = new Map(alignment.reordered);
    expected.forEach((e, i) => walk(e, received[moved.get(i) ?? i], indexPath(path, i), into));
    return;
  }
  const name = (value: unknown) => {
    const id = alignment.identity && isObject(value) ? value[alignment.identity] : undefined;
    if (typeof id !== 'string') return {};
    // A plain name reads bare ("tool mcp__course__add"); anything else names its field ("message with id \"\"").
    return { identity: alignment.identity === 'name' && /^[\w.:@/-]+$/.test(id) ? id : `with ${alignment.identity} ${JSON.stringify(id)}` };
  };
  for (const s of alignment.steps) {
    if (s.step === 'missing') add(into, () => ({ kind: 'missing', path: indexPath(path, s.i), expected: expected[s.i], ...name(expected[s.i]) }));
    else if (s.step === 'unexpected') add(into, () => ({ kind: 'unexpected', path: indexPath(path, s.j), received: boundedValue(received[s.j]), ...name(received[s.j]) }));
    else {
      if (s.step === 'moved') add(into, () => ({ kind: 'moved', path: indexPath(path, s.i), expected: expected[s.i], received: boundedValue(received[s.j]), from: s.j }));
      walk(expected[s.i], received[s.j], indexPath(path, s.i), into);
    }
  }
}

function walkByIndex(expected: unknown[], received: unknown[], path: string, into: Collector): void {
  const shared = Math.min(expected.length, received.length);
  for (let i = 0; i < shared; i++) walk(expected[i], received[i], indexPath(path, i), into);
  for (let i = shared; i < expected.length; i++) add(into, () => ({ kind: 'missing', path: indexPath(path, i), expected: expected[i] }));
  // Extra items are listed while there is room and counted in one step after that.
  const extra = received.length - shared;
  const listed = Math.max(0, Math.min(extra, into.max - into.found.length));
  for (let i = shared; i < shared + listed; i++) add(into, () => ({ kind: 'unexpected', path: indexPath(path, i), received: boundedValue(received[i]) }));
  into.total += extra - listed;
}

function walkObject(expected: JsonObject, received: JsonObject, path: string, into: Collector): void {
  for (const key of Object.keys(expected)) {
    const child = keyPath(path, key);
    if (Object.hasOwn(received, key)) walk(expected[key], received[key], child, into);
    else add(into, () => ({ kind: 'missing', path: child, expected: expected[key] }));
  }
  for (const key of Object.keys(received)) {
    if (!Object.hasOwn(expected, key)) add(into, () => ({ kind: 'unexpected', path: keyPath(path, key), received: boundedValue(received[key]) }));
  }
}
