// Notes on differences made of numbers, each said only where the whole set of differences of the case entails it:
// - "off by one" only where numbers are the whole difference of the value and no element of the document is missing
//   or extra; its cause ("counting from 0 instead of 1?") only where, besides, every difference of the case is the same
//   shift and one side of it counts from 0 and the other from 1;
// - a count that differs together with missing or extra elements is explained by them (its key names them, and the
//   elements one array lost or gained are the difference): "message_count is 2, not 3: one message is missing (…)";
// - "1000 times too large/small" where every number that differs is off by that one factor;
// - "base64 characters counted for bytes" where the value speaks of bytes and every received number is the length of
//   the expected number of bytes written in base64, two or more from it;
// - "0.25 rounded to 1 decimal" where every received number is its expected one rounded (as toFixed rounds) or cut to
//   fewer decimals than it has.
import type { Mismatch } from '../../course/core/types.ts';
import { elementNoun } from '../../judge/core/describe.ts';

/** A whole number in text (with its sign and fraction), never digits inside a word or identifier ("call-2", "v1", "a1b"). */
const NUMBER = /(?<![\w.-])-?\d+(?:\.\d+)?(?![\w]|\.\d)/g;

/** One number that differs: what the case expects and what the program printed. */
type NumberPair = { expected: number; received: number };

// The text around the numbers of a string, and the numbers: "3: a" → ["", ": a"], [3].
function numbersOf(text: string): { skeleton: string; numbers: number[] } {
  return { skeleton: text.replace(NUMBER, '#'), numbers: (text.match(NUMBER) ?? []).map(Number) };
}

// The numbers that differ in a value difference made of numbers alone (two numbers, or two texts alike but for their
// numbers); undefined for any other difference.
export function differingNumbers(m: Mismatch): NumberPair[] | undefined {
  if (m.kind !== 'value') return undefined;
  if (typeof m.expected === 'number' && typeof m.received === 'number') return m.expected === m.received ? undefined : [{ expected: m.expected, received: m.received }];
  if (typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const exp = numbersOf(m.expected);
  const rec = numbersOf(m.received);
  if (exp.skeleton !== rec.skeleton || exp.numbers.length !== rec.numbers.length) return undefined;
  const pairs = exp.numbers.map((n, i) => ({ expected: n, received: rec.numbers[i] as number })).filter((p) => p.expected !== p.received);
  return pairs.length > 0 ? pairs : undefined;
}

/** The elements one array lost or gained, by the array's path. */
type ElementChanges = Map<string, { missing: Mismatch[]; extra: Mismatch[] }>;

// The missing and extra elements of a set of differences (a missing or extra key is not an element), by array.
function elementChanges(all: readonly Mismatch[]): ElementChanges {
  const changes: ElementChanges = new Map();
  for (const m of all) {
    if ((m.kind !== 'missing' && m.kind !== 'unexpected') || !/\[\d+\]$/.test(m.path)) continue;
    const array = m.path.replace(/\[\d+\]$/, '');
    const entry = changes.get(array) ?? { missing: [], extra: [] };
    (m.kind === 'missing' ? entry.missing : entry.extra).push(m);
    changes.set(array, entry);
  }
  return changes;
}

function lastKey(path: string): string {
  return /(?:^|\.)([^.[\]]+)$/.exec(path)?.[1] ?? path;
}

// The note for a count whose difference the elements lost or gained by one array make up, or undefined: the count's
// key must name that array's elements (message_count, messages), and the array's net change be the count's.
function countNote(m: Mismatch, pair: NumberPair, changes: ElementChanges): string | undefined {
  const delta = pair.received - pair.expected;
  const key = lastKey(m.path).toLowerCase();
  for (const [array, { missing, extra }] of changes) {
    const noun = elementNoun(array);
    if (extra.length - missing.length !== delta || !key.includes(noun.toLowerCase())) continue;
    const [elements, what] = delta < 0 ? [missing, 'missing'] : [extra, 'not expected'];
    const paths = elements.map((e) => e.path).join(', ');
    const one = elements[0] as Mismatch;
    const named = elements.length === 1 ? `one ${elementNoun(one.path, one.kind === 'missing' ? one.expected : one.kind === 'unexpected' ? one.received : undefined)} is` : `${elements.length} ${noun}s are`;
    return `note: ${lastKey(m.path)} is ${pair.received}, not ${pair.expected}: ${named} ${what} (${paths})`;
  }
  return undefined;
}

// Whether every difference of the case is a shift of numbers by `delta`.
function allShiftedBy(all: readonly Mismatch[], delta: number): boolean {
  return all.every((x) => differingNumbers(x)?.every((p) => p.received - p.expected === delta) ?? false);
}

// The note for a difference made of numbers, read against every difference of the case (`all` holds `m`).
export function numberNote(m: Mismatch, all: readonly Mismatch[]): string | undefined {
  const pairs = differingNumbers(m);
  if (!pairs) return undefined;
  const changes = elementChanges(all);
  // Elements missing or extra explain a count that differs with them, and rule out any other reading of it.
  if (changes.size > 0) return pairs.length === 1 && m.kind === 'value' && typeof m.expected === 'number' ? countNote(m, pairs[0] as NumberPair, changes) : undefined;
  const first = pairs[0] as NumberPair;
  const subject = pairs.length > 1 ? 'every number that differs is' : 'the number is';
  const delta = first.received - first.expected;
  if ((delta === 1 || delta === -1) && pairs.every((p) => p.received - p.expected === delta)) {
    const fromZero = pairs.some((p) => (p.expected === 1 && p.received === 0) || (p.expected === 0 && p.received === 1));
    const cause = fromZero && allShiftedBy(all, delta) ? ': counting from 0 instead of 1, or the other way round?' : '';
    return `note: ${subject} off by one (received ${first.received} where ${first.expected} is expected)${cause}`;
  }
  if (pairs.every((p) => p.expected !== 0 && p.received === p.expected * 1000)) {
    return `note: ${subject} 1000 times too large (${first.received} for ${first.expected}): milliseconds where seconds are meant, or the other way round?`;
  }
  if (pairs.every((p) => p.received !== 0 && p.expected === p.received * 1000)) {
    return `note: ${subject} 1000 times too small (${first.received} for ${first.expected}): seconds where milliseconds are meant, or the other way round?`;
  }
  const rounding = pairs.map(roundingOf);
  if (rounding.every((r) => r !== undefined)) {
    const { k, how } = rounding[0] as Rounding;
    return `note: ${subject} ${first.expected} ${how} to ${k === 0 ? 'a whole number' : `${k} decimal${k === 1 ? '' : 's'}`} (received ${first.received}): a number formatted (toFixed, Math.round) where it belongs as it is?`;
  }
  if (speaksOfBytes(m) && pairs.every((p) => Number.isInteger(p.expected) && p.expected > 0 && p.received === base64Length(p.expected) && p.received - p.expected >= 2)) {
    return `note: ${first.received} is how many characters of base64 ${first.expected} bytes take: the base64 text counted instead of the bytes it decodes to?`;
  }
  return undefined;
}

/** How a number was shortened: to `k` decimals, rounded (as toFixed does) or cut. */
type Rounding = { k: number; how: 'rounded' | 'cut' };

// The decimals of a number as JavaScript writes it (0.25: 2; 3: 0).
function decimalsOf(n: number): number {
  const text = String(n);
  return text.includes('e') ? 0 : (text.split('.')[1] ?? '').length;
}

// How `received` is `expected` shortened to fewer decimals than it has, or undefined when it is no such shortening.
function roundingOf(p: NumberPair): Rounding | undefined {
  for (let k = 0; k < decimalsOf(p.expected); k++) {
    if (Number(p.expected.toFixed(k)) === p.received) return { k, how: 'rounded' };
    if (Math.trunc(p.expected * 10 ** k) / 10 ** k === p.received) return { k, how: 'cut' };
  }
  return undefined;
}

// The characters of base64 that `bytes` bytes take, padding included.
function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

// Whether a value is about bytes: its key says so, or its expected text does.
function speaksOfBytes(m: Mismatch): boolean {
  return /bytes?\b/i.test(lastKey(m.path).replace(/_/g, ' ')) || (m.kind === 'value' && typeof m.expected === 'string' && /\bbytes?\b/i.test(m.expected));
}
