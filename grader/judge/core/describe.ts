import type { Failure, Mismatch, Verdict } from '../../course/core/types.ts';
import { displayPath } from './json-path.ts';
import { describeStringDifference, isLongStringPair } from './string-difference.ts';
import { describeLimit } from '../../sandbox/core/limits.ts';
import { safeText } from '../../text/core/safe-text.ts';

import { formatValue } from './format-value.ts';

export { formatValue };

// The lines naming where a mismatch is and what differs (long or multi-line strings: the first line that differs).
export function describeMismatch(m: Mismatch): string {
  const where = displayPath(m.path);
  if (m.kind === 'missing') return m.identity ? `${where}: ${elementNoun(m.path, m.expected)} ${m.identity} is missing` : `${where}: missing, expected ${formatValue(m.expected)}`;
  if (m.kind === 'unexpected') return m.identity ? `${where}: ${elementNoun(m.path, m.received)} ${m.identity} is not expected` : `${where}: not expected, received ${formatValue(m.received)}`;
  if (m.kind === 'moved') return `${where}: the ${elementNoun(m.path, m.expected)} expected at [${lastIndex(m.path)}] is at [${m.from}]`;
  if (m.kind === 'reordered') return describeReordered(where, m);
  if (typeof m.expected === 'string' && typeof m.received === 'string' && isLongStringPair(m.expected, m.received)) {
    return describeStringDifference(where, m.expected, m.received).join('\n');
  }
  return `${where}: expected ${formatValue(m.expected)}, received ${formatValue(m.received)}`;
}

/** How many moves of a reordered array are spelled out. */
const MAX_MOVES = 3;

// The last index of an element path: results[2] → 2.
function lastIndex(path: string): string {
  return /\[(\d+)\]$/.exec(path)?.[1] ?? '?';
}

// What an element of the array at (or holding) `path` is called: its key made singular, and its role when it has one
// ("tool message" for a `messages` item with role "tool"; "element" when the array has no key).
export function elementNoun(path: string, value?: unknown): string {
  const key = /([A-Za-z_]+)(?:\[\d+\])?$/.exec(path)?.[1];
  const noun = key ? key.replace(/ies$/, 'y').replace(/s$/, '') : 'element';
  const role = value !== null && typeof value === 'object' ? (value as { role?: unknown }).role : undefined;
  return typeof role === 'string' && /^[a-z_]{1,20}$/.test(role) ? `${role} ${noun}` : noun;
}

function describeReordered(where: string, m: Extract<Mismatch, { kind: 'reordered' }>): string {
  const items = Array.isArray(m.expected) ? m.expected : [];
  const moves = m.moves.slice(0, MAX_MOVES).map(([i, j]) => `the ${elementNoun(`${where}[${i}]`, items[i])} expected at [${i}] is at [${j}]`);
  const more = m.moves.length > MAX_MOVES ? `; … ${m.moves.length - MAX_MOVES} more moved` : '';
  return `${where}: the same ${items.length} elements in another order: ${moves.join('; ')}${more}`;
}

function describeOutputLimit(f: Extract<Failure, { kind: 'output-limit' }>): string[] {
  const dropped = f.droppedBytes === undefined ? 'the middle dropped' : `the middle ${f.droppedBytes} bytes dropped`;
  const lines = [`${f.stream}: output exceeded ${f.limitBytes} bytes (head and tail kept, ${dropped})`];
  if (f.head !== undefined) lines.push(`  it starts: ${JSON.stringify(f.head)}…`);
  if (f.tail !== undefined) lines.push(`  it ends:   …${JSON.stringify(f.tail)}`);
  return lines;
}

function describeFlaky(f: Extract<Failure, { kind: 'flaky' }>): string[] {
  const counts = f.outcomes.map((o) => `${o.count}× ${o.status}`).join(', ');
  const details = f.outcomes.filter((o) => o.message !== '').flatMap((o) => o.message.split('\n').map((line, i) => (i === 0 ? `  ${o.count}× ${o.status}: ${line}` : `    ${line}`)));
  return [`flaky: the verdict changed across ${f.runs} runs of the same case (${counts}); the result depends on timing or order`, ...details];
}

function describeMismatches(f: Extract<Failure, { kind: 'mismatch' }>): string[] {
  const lines = f.mismatches.flatMap((m) => describeMismatch(m).split('\n'));
  if (f.more) lines.push(`… and ${f.more} more ${f.more === 1 ? 'difference' : 'differences'} (the first ${f.mismatches.length} are listed)`);
  return lines;
}

// The lines that explain one failure, safe to print: whatever the program wrote shows with its control characters escaped.
export function describeFailure(f: Failure): string[] {
  return failureLines(f).map(safeText);
}

function failureLines(f: Failure): string[] {
  switch (f.kind) {
    case 'not-implemented':
      return [`not implemented yet: ${f.what} (this case needs it)`];
    case 'crash':
      return [`crashed during ${f.during}: the program ended before this call returned (a thrown error or an unhandled promise rejection; see stderr)`];
    case 'mismatch':
      return describeMismatches(f);
    case 'limit':
      return [describeLimit(f.limit, f.limits)];
    case 'exit-code':
      return [f.signal === null
        ? `exit code: expected ${f.expected}, received ${f.received}`
        : `exit code: expected ${f.expected}, but the program was killed by ${f.signal}`];
    case 'stdout':
      return [f.problem];
    case 'output-limit':
      return describeOutputLimit(f);
    case 'flaky':
      return describeFlaky(f);
  }
}

// A one-paragraph message for a verdict, as the JSON report and one-line views show it ("" for a pass), safe to print.
export function describeVerdict(verdict: Verdict): string {
  return safeText(verdictText(verdict));
}

function verdictText(verdict: Verdict): string {
  switch (verdict.status) {
    case 'pass':
      return '';
    case 'fail':
      return verdict.failures.flatMap(describeFailure).join('\n');
    case 'timeout':
      return timeoutText(verdict);
    case 'error':
      return verdict.message;
    case 'skip':
      return verdict.reason;
  }
}

// What a timeout says: the call that never returned when the harness named one, and why a case was cut short.
function timeoutText(verdict: Extract<Verdict, { status: 'timeout' }>): string {
  if (verdict.cutShort) {
    const { call, cases } = verdict.cutShort;
    if (call === '') return `cut short: the program timed out outside any tool call in ${cases} earlier cases of this stage (a turn, promise or timer that never settles?), so this case was not run (fix that and rerun)`;
    return `cut short: calls to ${call} timed out in ${cases} earlier cases, so this case, which calls ${call} too, was not run (fix that tool and rerun)`;
  }
  if (verdict.during) return `timed out during ${verdict.during}: the call did not return within ${verdict.timeoutMs} ms (an endless loop, or waiting on something that never comes?)`;
  return `timed out after ${verdict.timeoutMs} ms: the program did not exit (an endless loop, or a timer, child process or open handle that keeps it alive?)`;
}
