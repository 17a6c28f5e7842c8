// The shape of a difference, in one line a student recognises: an extra `is_error: false`, a missing final newline,
// a last line short, every number off by one, case or whitespace only, a missing prefix, an argument the call sent
// refused as missing… Needs no course content beyond the case's own input.
// Say what you saw; guess only what follows: each note is said only where its condition below holds of the whole
// difference of that value (and, where written, of every difference of the case), and names a cause only where that
// shape admits one.
import type { Mismatch } from '../../course/core/types.ts';
import { formatValue } from '../../judge/core/format-value.ts';
import { elementNoun } from '../../judge/core/describe.ts';
import { numberNote } from './number-shapes.ts';
import { sentArgumentNote } from './sent-argument.ts';

/** A shape check: the note for a difference of that shape, read against every difference of the case (`all`) and its input, or undefined. */
type ShapeCheck = (m: Mismatch, all: readonly Mismatch[], input: unknown) => string | undefined;

const QUOTE_CHARS = 24;

// A short quoted piece of text for a note.
function quote(text: string): string {
  return formatValue(text.length <= QUOTE_CHARS ? text : `${text.slice(0, QUOTE_CHARS)}…`);
}

function lastKey(path: string): string {
  return /(?:^|\.)([^.[\]]+)$/.exec(path)?.[1] ?? path;
}

// The lines of a text, each without its "\n" ("" has none).
function linesOf(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

// Only an extra key is_error whose value is false (the expected result has no such key): an observation and its fix.
const extraIsError: ShapeCheck = (m) =>
  m.kind === 'unexpected' && lastKey(m.path) === 'is_error' && m.received === false
    ? 'note: the result has an extra `is_error: false`: a success carries no is_error key at all (leave it out)'
    : undefined;

// Only an extra key whose value is null.
const nullForAbsent: ShapeCheck = (m) =>
  m.kind === 'unexpected' && m.received === null ? `note: \`${lastKey(m.path)}\` is present with the value null: the key should be absent (leave it out)` : undefined;

/** The empty values a key left out may stand for, as the note names them. */
const EMPTY_NAMES = new Map<string, string>([['""', '"" (an empty string)'], ['[]', '[] (an empty list)']]);

// Only a missing key whose expected value is null, or "" or [] (for these, a key, not an element of a list).
const absentForEmpty: ShapeCheck = (m) => {
  if (m.kind !== 'missing') return undefined;
  if (m.expected === null) return `note: \`${lastKey(m.path)}\` must be present with the value null, not left out`;
  const empty = /\]$/.test(m.path) ? undefined : EMPTY_NAMES.get(JSON.stringify(m.expected));
  return empty ? `note: \`${lastKey(m.path)}\` must be present as ${empty}, not left out` : undefined;
};

// Only two scalars of different JSON types; "the same …" only where they print alike.
const typeChange: ShapeCheck = (m) => {
  if (m.kind !== 'value' || m.expected === null || m.received === null || typeof m.expected === 'object' || typeof m.received === 'object') return undefined;
  if (typeof m.expected === typeof m.received) return undefined;
  const same = String(m.expected) === String(m.received) ? ` (the same ${String(m.expected)}, as a ${typeof m.received})` : '';
  return `note: a ${typeof m.received} where a ${typeof m.expected} is expected${same}`;
};

// Only where the texts are equal but for the final "\n" (or for every line's "\n").
const finalNewline: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  if (m.expected === `${m.received}\n`) return 'note: the received text lacks the final newline ("\\n") the expected text ends with';
  if (m.received === `${m.expected}\n`) return 'note: the received text ends with an extra newline ("\\n")';
  const lines = m.expected.split('\n').length - 1;
  if (lines > 1 && m.received === m.expected.replaceAll('\n', '')) return 'note: every line lacks its trailing newline ("\\n")';
  if (lines > 1 && m.expected.endsWith('\n') && m.received === m.expected.slice(0, -1)) return 'note: the received text lacks the final newline ("\\n") the expected text ends with';
  return undefined;
};

// Only where the received text is the expected one with every "\r\n" as "\n" (what normalising prints: the cause).
const lineEndings: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  if (m.expected.includes('\r\n') && m.received === m.expected.replaceAll('\r\n', '\n')) return 'note: "\\r\\n" became "\\n": keep a "\\r" as part of the text, never normalise line endings';
  return undefined;
};

// Only where the received lines are the expected ones in another order; the sort is named as the cause only where the
// expected lines are in code-unit order and the received ones in localeCompare's (what that known mistake prints).
const sameLinesReordered: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const exp = linesOf(m.expected);
  const rec = linesOf(m.received);
  if (exp.length < 2 || sameLines(exp, rec)) return undefined;
  const byCodeUnit = [...exp].sort();
  if (!sameLines(byCodeUnit, [...rec].sort())) return undefined;
  const byLocale = [...rec].sort((a, b) => a.localeCompare(b));
  return sameLines(exp, byCodeUnit) && sameLines(rec, byLocale)
    ? 'note: the same lines in another order, sorted as localeCompare sorts: sort by code unit (as `<` compares strings), not localeCompare'
    : 'note: the same lines in another order';
};

// Only where both texts are numbered lines ("<n>: text"), the numbers are the same, and the received texts are the
// expected ones in another order: the texts moved, the numbering did not. Names the first line that differs.
const numberedTextsReordered: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const split = (text: string) => linesOf(text).map((line) => /^(\d+: )(.*)$/s.exec(line));
  const exp = split(m.expected);
  const rec = split(m.received);
  if (exp.length < 2 || exp.length !== rec.length || [...exp, ...rec].some((x) => x === null)) return undefined;
  const numbers = (xs: (RegExpExecArray | null)[]) => xs.map((x) => x?.[1] ?? '');
  const texts = (xs: (RegExpExecArray | null)[]) => xs.map((x) => x?.[2] ?? '');
  if (!sameLines(numbers(exp), numbers(rec)) || !sameLines([...texts(exp)].sort(), [...texts(rec)].sort())) return undefined;
  const at = texts(exp).findIndex((t, i) => t !== texts(rec)[i]);
  if (at < 0) return undefined;
  return `note: the same line texts in another order, numbered in place: line ${(numbers(exp)[at] ?? '').replace(': ', '')} is ${quote(texts(rec)[at] ?? '')} where ${quote(texts(exp)[at] ?? '')} is expected`;
};

// Only where the received lines are the expected ones with whole lines left out or added at one end (and the final
// newline, if any, agrees): "1: A" for "1: A\n2: B", "" for "1: A".
const linesAtAnEnd: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const exp = linesOf(m.expected);
  const rec = linesOf(m.received);
  if (rec.length > 0 && m.expected.endsWith('\n') !== m.received.endsWith('\n')) return undefined;
  const lines = (n: number, end: string, from: string) => (n === 1 ? `${end} line (${quote(from)})` : `${end} ${n} lines (from ${quote(from)})`);
  if (rec.length < exp.length) {
    const k = exp.length - rec.length;
    if (rec.length === 0) return `note: the received text is empty: the expected text without ${exp.length === 1 ? `its only line (${quote(exp[0] as string)})` : `all its ${k} lines (from ${quote(exp[0] as string)})`}`;
    if (sameLines(rec, exp.slice(0, rec.length))) return `note: the received text is the expected text without its ${lines(k, 'last', exp[rec.length] as string)}`;
    if (sameLines(rec, exp.slice(k))) return `note: the received text is the expected text without its ${lines(k, 'first', exp[0] as string)}`;
  } else if (rec.length > exp.length && exp.length > 0) {
    const k = rec.length - exp.length;
    if (sameLines(exp, rec.slice(0, exp.length))) return `note: the received text is the expected text with ${k === 1 ? 'an extra last line' : `${k} extra last lines`} (${k === 1 ? '' : 'from '}${quote(rec[exp.length] as string)})`;
    if (sameLines(exp, rec.slice(k))) return `note: the received text is the expected text with ${k === 1 ? 'an extra first line' : `${k} extra first lines`} (${k === 1 ? '' : 'from '}${quote(rec[0] as string)})`;
  }
  return undefined;
};

// Only where the texts have the same lines and every line of one is the other's with a piece in front ("line-number"
// where each piece is "<n>: ").
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

// Only where one text is the other with a piece in front or behind, the piece being the whole difference.
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

// Only where the texts are equal letter for letter but for upper/lower case.
const caseOnly: ShapeCheck = (m) =>
  m.kind === 'value' && typeof m.expected === 'string' && typeof m.received === 'string' && m.expected.toLowerCase() === m.received.toLowerCase()
    ? 'note: only upper/lower case differs: copy the expected wording letter for letter'
    : undefined;

// Only where the texts are equal once all whitespace is taken out; "trimmed" where the received is the expected trimmed.
const whitespaceOnly: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  if (m.expected.replace(/\s+/g, '') !== m.received.replace(/\s+/g, '')) return undefined;
  if (m.received === m.expected.trim()) return 'note: the received text is trimmed: the whitespace at its ends is part of the expected text';
  return 'note: only whitespace differs (spaces, tabs or newlines)';
};

/** The most characters one side of an edit may have to be named as one edit; what stays the same must outweigh it. */
const EDIT_CHARS = 40;
const CONTEXT_CHARS = 12;
const WORD = /[\p{L}\p{N}_]/u;

// The shortest middle piece each text has between their common beginning and common end: [beginning, expected's
// piece, received's piece, end], the pieces widened to whole words where the edit starts or ends inside one.
function oneEdit(e: string, r: string): [string, string, string, string] {
  let start = 0;
  while (start < e.length && start < r.length && e[start] === r[start]) start += 1;
  let end = 0;
  while (end < e.length - start && end < r.length - start && e[e.length - 1 - end] === r[r.length - 1 - end]) end += 1;
  const inWord = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && WORD.test(a) && WORD.test(b);
  // Widen left while the common beginning ends inside the word the edit starts in; right likewise.
  const editStarts = () => [start < e.length - end ? e[start] : undefined, start < r.length - end ? r[start] : undefined];
  while (start > 0 && WORD.test(e[start - 1] as string) && editStarts().some((c) => inWord(e[start - 1], c))) start -= 1;
  const editEnds = () => [e.length - end - 1 >= start ? e[e.length - end - 1] : undefined, r.length - end - 1 >= start ? r[r.length - end - 1] : undefined];
  while (end > 0 && WORD.test(e[e.length - end] as string) && editEnds().some((c) => inWord(e[e.length - end], c))) end -= 1;
  return [e.slice(0, start), e.slice(start, e.length - end), r.slice(start, r.length - end), e.slice(e.length - end)];
}

// The last few characters of a text, from the start of a word.
function wordTail(text: string): string {
  if (text.length <= CONTEXT_CHARS) return text;
  const tail = text.slice(-CONTEXT_CHARS);
  const cut = WORD.test(text[text.length - CONTEXT_CHARS - 1] as string) ? tail.search(/[^\p{L}\p{N}_]/u) : 0;
  return cut > 0 && cut < tail.length - 1 ? tail.slice(cut).trimStart() || tail : tail;
}

// The one character whose every occurrence the longer piece has and the shorter lacks, when that is their whole difference.
function droppedEverywhere(longer: string, shorter: string): string | undefined {
  const candidates = [...new Set(longer)].filter((c) => !WORD.test(c) && !shorter.includes(c));
  return candidates.find((c) => longer.replaceAll(c, '') === shorter);
}

// Only where the texts differ in one piece inside them (the rest the same, and longer than either side of the edit):
// a word for another, or a piece left out or added after the same beginning; not a number for another. An
// observation: no cause is named.
const middleEdit: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const [before, exp, rec, after] = oneEdit(m.expected, m.received);
  const same = before.length + after.length;
  if (same === 0 || Math.max(exp.length, rec.length) > EDIT_CHARS || same < Math.max(exp.length, rec.length)) return undefined;
  // A number for another is the number notes' to name (off by one, a factor), or no shape at all.
  if (/^\d*$/.test(exp) && /^\d*$/.test(rec)) return undefined;
  const rest = ' (the rest is the same)';
  const where = before === '' ? `before ${quote(after.slice(0, CONTEXT_CHARS))}` : `after ${quote(wordTail(before))}`;
  if (rec === '') return `note: the received text lacks ${quote(exp)} ${where}${rest}`;
  if (exp === '') return `note: the received text has an extra ${quote(rec)} ${where}${rest}`;
  const dropped = droppedEverywhere(exp, rec);
  const added = dropped === undefined ? droppedEverywhere(rec, exp) : undefined;
  const how = dropped !== undefined ? `: the same without its ${quote(dropped)} characters` : added !== undefined ? `: the same with ${quote(added)} characters added` : '';
  return `note: the received text has ${quote(rec)} where the expected text has ${quote(exp)}${how}${rest}`;
};

/** The quote characters a value may be written between. */
const QUOTES = ['"', "'", '`'];

// Only where the texts differ in every occurrence of one quote character and in nothing else, one text holding none
// of it: values written bare where the expected text writes them as JSON, or the other way (the cause asked).
const quotesEverywhere: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const { expected, received } = m;
  const left = QUOTES.find((q) => expected.includes(q) && !received.includes(q) && expected.replaceAll(q, '') === received);
  if (left) return `note: the received text is the expected text without any of its ${quote(left)} characters (the values written bare, not as JSON?)`;
  const added = QUOTES.find((q) => received.includes(q) && !expected.includes(q) && received.replaceAll(q, '') === expected);
  if (added) return `note: the received text is the expected text with ${quote(added)} characters added around its words (values written as JSON where they belong bare?)`;
  return undefined;
};

// The array's key as a student reads it, from a path to it or to one of its elements.
function arrayName(path: string): string {
  return /([A-Za-z_]+)(?:\[\d+\])?$/.exec(path)?.[1] ?? 'elements';
}

// The order note; "the same <elements>" only where no element of the array differs inside besides (matched by an
// identity field, reordered elements may also differ).
const reordered: ShapeCheck = (m, all) => {
  if (m.kind !== 'reordered') return undefined;
  const name = arrayName(m.path);
  const rule = name === 'results' ? 'results[i] must answer calls[i] (keep them by index, not in the order they finish)' : `keep the ${name} in the order the stage text gives`;
  const inside = all.some((x) => x !== m && x.path.startsWith(`${m.path}[`));
  return inside ? `note: the ${name} are in another order, and some of them differ besides: ${rule}` : `note: the same ${name} in another order: ${rule}`;
};

// Only an element the alignment found at another index: the observation, never a cause. A moved element comes with
// others missing, extra or changed (were they all merely moved, the array would be "reordered"), and it may sit
// elsewhere only because those came out wrong (a call that should have failed succeeded), so no order is blamed.
const moved: ShapeCheck = (m, all) => {
  if (m.kind !== 'moved') return undefined;
  const at = /\[(\d+)\]$/.exec(m.path)?.[1] ?? '?';
  const array = m.path.replace(/\[\d+\]$/, '');
  const besides = all.some((x) => x.kind !== 'moved' && x.path.startsWith(`${array}[`));
  return `note: the ${elementNoun(m.path, m.expected)} expected at [${at}] is at [${m.from}]${besides ? `, and other ${arrayName(m.path)} differ besides` : ''}`;
};

// Only a missing or extra element of an array matched by an identity field, named by it.
const namedElement: ShapeCheck = (m) => {
  if ((m.kind !== 'missing' && m.kind !== 'unexpected') || !m.identity) return undefined;
  const noun = elementNoun(m.path, m.kind === 'missing' ? m.expected : m.received);
  return m.kind === 'missing' ? `note: the ${noun} ${m.identity} is missing from ${arrayName(m.path)}` : `note: the ${noun} ${m.identity} is not expected in ${arrayName(m.path)}`;
};

// Only a run of elements missing from an array (by index, no identity field) where nothing else of that array
// differs, before or after them, and no count that differs with them explains them: which are missing, and that those
// before them match. Never why.
const missingAfterMatches: ShapeCheck = (m, all) => {
  if (m.kind !== 'missing' || m.identity) return undefined;
  const at = /^(.*)\[(\d+)\]$/.exec(m.path);
  if (!at) return undefined;
  const array = at[1] as string;
  const inArray = all.filter((x) => x.path.startsWith(`${array}[`));
  const indices = inArray.map((x) => (x.kind === 'missing' && !x.identity ? /^(.*)\[(\d+)\]$/.exec(x.path) : null)).map((found) => (found && found[1] === array ? Number(found[2]) : NaN));
  if (indices.some(Number.isNaN)) return undefined;
  const sorted = [...indices].sort((a, b) => a - b);
  if (sorted[0] !== Number(at[2]) || sorted.some((index, i) => index !== (sorted[0] as number) + i)) return undefined;
  const paths = sorted.map((index) => `${array}[${index}]`);
  // A count that differs with them says more (message_count is 2, not 3: one message is missing …): that note instead.
  if (all.some((x) => x.kind === 'value' && paths.some((path) => numberNote(x, all)?.includes(path)))) return undefined;
  // The element's noun from a plural key (requests: request); "element" for any other (asked, stdout).
  const noun = /[a-z](s|ies)$/i.test(lastKey(array)) ? elementNoun(m.path) : 'element';
  const what = paths.length === 1 ? `the ${noun} expected at ${paths[0]}` : `the ${paths.length} ${noun}s expected at ${paths.slice(0, -1).join(', ')} and ${paths.at(-1)}`;
  return `note: ${lastKey(array)} lacks ${what}, and every ${noun} before ${paths.length === 1 ? 'it' : 'them'} is as expected`;
};

/** A host temp path as a program might leak it: /tmp/…, macOS's /var/folders/…, a sandbox directory dispatch-…. */
const HOST_PATH = /(?:\/tmp\/|\/private\/var\/|\/var\/folders\/)\S*|\S*dispatch-[A-Za-z0-9]{6}\S*/;

// Only where the host path is the whole difference: the received text is the expected one with its path (a tail of
// the host path) written as the host path.
const hostPath: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return undefined;
  const found = HOST_PATH.exec(m.received);
  if (!found || HOST_PATH.test(m.expected)) return undefined;
  const leaked = found[0].replace(/[)'",.;:]+$/, '');
  const before = m.received.slice(0, found.index);
  const after = m.received.slice(found.index + leaked.length);
  const e = m.expected;
  if (!e.startsWith(before) || !e.endsWith(after) || e.length < before.length + after.length) return undefined;
  const given = e.slice(before.length, e.length - after.length);
  if (!leaked.endsWith(`/${given}`) && given !== '') return undefined;
  return `note: the received text shows a host path (${quote(leaked)}): answer with the path as given, relative to the sandbox root, never the sandbox's directory on the host`;
};

/** "<value> is greater than the maximum of <limit>", "… less than the minimum of …": a refusal that names both numbers. */
const LIMIT_REFUSAL = /(?<![\w.-])(-?\d+(?:\.\d+)?) is (greater|less) than the (maximum|minimum) of (-?\d+(?:\.\d+)?)(?![\w]|\.\d)/;

// Only where the received text refuses a value for passing a limit it equals, and the expected text does not: the
// comparison let the limit itself fail (its cause offered as a question).
const limitRefusesItself: ShapeCheck = (m) => {
  if (m.kind !== 'value' || typeof m.received !== 'string') return undefined;
  const found = LIMIT_REFUSAL.exec(m.received);
  if (!found || Number(found[1]) !== Number(found[4])) return undefined;
  if (typeof m.expected === 'string' && m.expected.includes(found[0])) return undefined;
  const [, value, side, limit] = found;
  return `note: the received text refuses ${value} as ${side} than the ${limit} of ${found[4]}, a value equal to it: the limit itself is refused (${side === 'greater' ? '>= where > belongs' : '<= where < belongs'}?)`;
};

// Numbers: the conditions are in number-shapes.ts (off by one, a count explained by elements, a factor of 1000).
const numbers: ShapeCheck = (m, all) => numberNote(m, all);

// An argument the call sent, refused as missing: the conditions are in sent-argument.ts.
const sentArgument: ShapeCheck = (m, _all, input) => sentArgumentNote(m, input);

/** The checks in order: the most specific first. */
const CHECKS: ShapeCheck[] = [reordered, moved, namedElement, missingAfterMatches, extraIsError, nullForAbsent, absentForEmpty, typeChange, lineEndings, finalNewline, perLinePrefix, sameLinesReordered, numberedTextsReordered, linesAtAnEnd, hostPath, limitRefusesItself, sentArgument, numbers, caseOnly, whitespaceOnly, quotesEverywhere, affix, middleEdit];

// The note for the shape of one difference among all those of its case (just itself when not given) and the case's
// input (when given), or undefined when it has no shape worth naming.
export function shapeNote(m: Mismatch, all: readonly Mismatch[] = [m], input?: unknown): string | undefined {
  for (const check of CHECKS) {
    const note = check(m, all, input);
    if (note) return note;
  }
  return undefined;
}

/** Differences about where elements are: they explain the others (a shifted element changes every field after it). */
const ORDER_KINDS = new Set<Mismatch['kind']>(['reordered', 'moved']);

// The note for the first difference that has a recognisable shape: an order difference first, then document order.
export function firstShapeNote(mismatches: Mismatch[], input?: unknown): string | undefined {
  for (const m of [...mismatches.filter((x) => ORDER_KINDS.has(x.kind)), ...mismatches.filter((x) => !ORDER_KINDS.has(x.kind))]) {
    const note = shapeNote(m, mismatches, input);
    if (note) return note;
  }
  return undefined;
}
