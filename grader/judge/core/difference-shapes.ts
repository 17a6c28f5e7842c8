// The shape of a difference, in one line a student recognises: an extra `is_error: false`, a missing final newline,
// every number off by one, seconds for milliseconds, case or whitespace only, a missing prefix… Needs no course content.
import type { Mismatch } from '../../course/core/types.ts';
import { formatValue } from './format-value.ts';
import { elementNoun } from './describe.ts';

/** A shape check: the note for a difference of that shape, or undefined. */
type ShapeCheck = (m: Mismatch) => string | undefined;

/** A whole number in text (with its sign and fraction), never digits inside a word or identifier ("call-2", "v1", "a1b"). */
const NUMBER = /(?<![\w.-])-?\d+(?:\.\d+)?(?![\w]|\.\d)/g;
const QUOTE_CHARS = 24;

// A short quoted piece of text for a note.
function quote(text: string): string {
  return formatValue(text.length <= QUOTE_CHARS ? text : `${text.slice(0, QUOTE_CHARS)}…`);
}

function lastKey(path: string): string {
  return /(?:^|\.)([^.[\]]+)$/.exec(path)?.[1] ?? path;
}

// The text around the numbers of a string, and the numbers: "3: a" → ["", ": a"], [3].
function numbersOf(text: string): { skeleton: string; numbers: number[] } {
  return { skeleton: text.replace(NUMBER, '#'), numbers: (text.match(NUMBER) ?? []).map(Number) };
}

// The lines of a text, each without its "\n".
function linesOf(text: string): string[] {
  return text.replace(/\n$/, '').split('\n');
}

const extraIsError: ShapeCheck = (m) =>
  m.kind === 'unexpected' && lastKey(m.path) === 'is_error' && m.received === false
    ? 'note: the result has an extra `is_error: false`: a success carries no is_error key at all (leave it out)'
    : undefined;

const nullForAbsent: ShapeCheck = (m) =>
  m.kind === 'unexpected' && m.received === null ? `note: \`${lastKey(m.path)}\` is present with the value null: the key should be absent (leave it out)` : undefined;

const absentForNull: ShapeCheck = (m) =>
  m.kind === 'missing' && m.expected === null ? `note: \`${lastKey(m.path)}\` must be present with the value null, not left out` : undefined;

const typeChange: ShapeCheck = (m) => {
  if (m.kind !== 'value' || m.expected === null || m.received === null || typeof m.expected === 'object' || typeof m.received === 'object') return undefined;
  if (typeof m.expected === typeof m.received) return undefined;
  const same = String(m.expected) === String(m.received) ? ` (the same ${String(m.expected)}, as a ${typeof m.received})` : '';
  return `note: a ${typeof m.received} where a ${typeof m.expected} is expected${same}`;
};

// Differences between two numbers: off by one, or a factor of 1000.
function numberNote(expected: number, received: number, every: boolean): string | undefined {
  const subject = every ? 'every number that differs is' : 'the number is';
  if (received - expected === 1 || received - expected === -1) {
    return `note: ${subject} off by one (received ${received} where ${expected} is expected): counting from 0 instead of 1, or the other way round?`;
  }
  if (expected !== 0 && received === expected * 1000) return `note: ${subject} 1000 times too large (${received} for ${expected}): milliseconds where seconds are meant, or the other way round?`;
  if (received !== 0 && expected === received * 1000) return `note: ${subject} 1000 times too small (${received} for ${expected}): seconds where milliseconds are meant, or the other way round?`;
  return undefined;
}

const numbers: ShapeCheck = (m) => {
  if (m.kind !== 'value') return undefined;
  if (typeof m.expected === 'number' && typeof m.received === 'number') return numberNote(m.expected, m.received, false);
  if (typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const exp = numbersOf(m.expected);
  const rec = numbersOf(m.received);
  if (exp.skeleton !== rec.skeleton || exp.numbers.length !== rec.numbers.length) return undefined;
  const pairs = exp.numbers.map((n, i) => [n, rec.numbers[i] as number] as const).filter(([a, b]) => a !== b);
  const [first] = pairs;
  if (!first) return undefined;
  const note = numberNote(first[0], first[1], pairs.length > 1);
  // Every differing number must differ the same way (all +1, or all ×1000) for the note to hold.
  const delta = first[1] - first[0];
  const agrees = pairs.every(([a, b]) => b - a === delta) || pairs.every(([a, b]) => a !== 0 && first[0] !== 0 && b / a === first[1] / first[0]);
  return note && agrees ? note : undefined;
};

const finalNewline: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  if (m.expected === `${m.received}\n`) return 'note: the received text lacks the final newline ("\\n") the expected text ends with';
  if (m.received === `${m.expected}\n`) return 'note: the received text ends with an extra newline ("\\n")';
  const lines = m.expected.split('\n').length - 1;
  if (lines > 1 && m.received === m.expected.replaceAll('\n', '')) return 'note: every line lacks its trailing newline ("\\n")';
  if (lines > 1 && m.expected.endsWith('\n') && m.received === m.expected.slice(0, -1)) return 'note: the received text lacks the final newline ("\\n") the expected text ends with';
  return undefined;
};

const lineEndings: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  if (m.expected.includes('\r\n') && m.received === m.expected.replaceAll('\r\n', '\n')) return 'note: "\\r\\n" became "\\n": keep a "\\r" as part of the text, never normalise line endings';
  return undefined;
};

const sameLinesReordered: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const exp = linesOf(m.expected);
  const rec = linesOf(m.received);
  if (exp.length < 2 || exp.join('\n') === rec.join('\n')) return undefined;
  const sorted = (lines: string[]) => [...lines].sort().join('\n');
  return sorted(exp) === sorted(rec) ? 'note: the same lines in another order: check the sort (by code unit, as `<` compares strings, not localeCompare)' : undefined;
};

const perLinePrefix: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const exp = linesOf(m.expected);
  const rec = linesOf(m.received);
  if (exp.length < 2 || exp.length !== rec.length) return undefined;
  const [longer, shorter, what] = exp.every((l, i) => l.length > (rec[i] ?? '').length) ? [exp, rec, 'lacks'] : [rec, exp, 'has an extra'];
  if (!longer.every((l, i) => l.length > (shorter[i] ?? '').length && l.endsWith(shorter[i] ?? ''))) return undefined;
  const prefix = (longer[0] ?? '').slice(0, (longer[0] ?? '').length - (shorter[0] ?? '').length);
  const numbered = longer.every((l, i) => /^\d+: $/.test(l.slice(0, l.length - (shorter[i] ?? '').length)));
  const kind = numbered ? 'line-number prefix' : 'prefix';
  return what === 'lacks' ? `note: every line lacks its ${kind} (${quote(prefix)} on the first)` : `note: every line has an extra ${kind} (${quote(prefix)} on the first)`;
};

const affix: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string' || m.expected === '' || m.received === '') return undefined;
  const { expected: e, received: r } = m;
  if (e.endsWith(r)) {
    const missing = e.slice(0, e.length - r.length);
    return /^\d+: $/.test(missing) ? `note: the line lacks its line-number prefix (${quote(missing)})` : `note: the received text lacks the beginning ${quote(missing)}`;
  }
  if (e.startsWith(r)) return `note: the received text stops short: it lacks the ending ${quote(e.slice(r.length))}`;
  if (r.endsWith(e)) return `note: the received text has an extra beginning ${quote(r.slice(0, r.length - e.length))}`;
  if (r.startsWith(e)) return `note: the received text goes on past the expected end: extra ${quote(r.slice(e.length))}`;
  return undefined;
};

const caseOnly: ShapeCheck = (m) =>
  m.kind === 'value' && typeof m.expected === 'string' && typeof m.received === 'string' && m.expected.toLowerCase() === m.received.toLowerCase()
    ? 'note: only upper/lower case differs: copy the expected wording letter for letter'
    : undefined;

const whitespaceOnly: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  if (m.expected.replace(/\s+/g, '') !== m.received.replace(/\s+/g, '')) return undefined;
  if (m.received === m.expected.trim()) return 'note: the received text is trimmed: the whitespace at its ends is part of the expected text';
  return 'note: only whitespace differs (spaces, tabs or newlines)';
};

// The array's key as a student reads it, from a path to it or to one of its elements.
function arrayName(path: string): string {
  return /([A-Za-z_]+)(?:\[\d+\])?$/.exec(path)?.[1] ?? 'elements';
}

const reordered: ShapeCheck = (m) => {
  if (m.kind !== 'reordered') return undefined;
  const name = arrayName(m.path);
  const rule = name === 'results' ? 'results[i] must answer calls[i] (keep them by index, not in the order they finish)' : `keep the ${name} in the order the stage text gives`;
  return `note: the same ${name} in another order: ${rule}`;
};

const moved: ShapeCheck = (m) => {
  if (m.kind !== 'moved') return undefined;
  const at = /\[(\d+)\]$/.exec(m.path)?.[1] ?? '?';
  return `note: the ${elementNoun(m.path, m.expected)} expected at [${at}] is at [${m.from}]: check the order in which the ${arrayName(m.path)} are added`;
};

const namedElement: ShapeCheck = (m) => {
  if ((m.kind !== 'missing' && m.kind !== 'unexpected') || !m.identity) return undefined;
  const noun = elementNoun(m.path, m.kind === 'missing' ? m.expected : m.received);
  return m.kind === 'missing' ? `note: the ${noun} ${m.identity} is missing from ${arrayName(m.path)}` : `note: the ${noun} ${m.identity} is not expected in ${arrayName(m.path)}`;
};

/** A host temp path as a program might leak it: /tmp/…, macOS's /var/folders/…, a sandbox directory dispatch-…. */
const HOST_PATH = /(?:\/tmp\/|\/private\/var\/|\/var\/folders\/)\S*|\S*dispatch-[A-Za-z0-9]{6}\S*/;

const hostPath: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const leaked = HOST_PATH.exec(m.received)?.[0];
  if (!leaked || HOST_PATH.test(m.expected)) return undefined;
  return `note: the received text shows a host path (${quote(leaked)}): answer with the path as given, relative to the sandbox root, never the sandbox's directory on the host`;
};

/** The checks in order: the most specific first. */
const CHECKS: ShapeCheck[] = [reordered, moved, namedElement, extraIsError, nullForAbsent, absentForNull, typeChange, lineEndings, finalNewline, perLinePrefix, sameLinesReordered, hostPath, numbers, caseOnly, whitespaceOnly, affix];

// The note for the shape of one difference, or undefined when it has no shape worth naming.
export function shapeNote(m: Mismatch): string | undefined {
  for (const check of CHECKS) {
    const note = check(m);
    if (note) return note;
  }
  return undefined;
}

/** Differences about where elements are: they explain the others (a shifted element changes every field after it). */
const ORDER_KINDS = new Set<Mismatch['kind']>(['reordered', 'moved']);

// The note for the first difference that has a recognisable shape: an order difference first, then document order.
export function firstShapeNote(mismatches: Mismatch[]): string | undefined {
  for (const m of [...mismatches.filter((x) => ORDER_KINDS.has(x.kind)), ...mismatches.filter((x) => !ORDER_KINDS.has(x.kind))]) {
    const note = shapeNote(m);
    if (note) return note;
  }
  return undefined;
}
