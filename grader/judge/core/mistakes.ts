// A stage's common mistakes: a pattern on what the program printed at a path, with the hint that answers it.
// The first pattern that matches a difference of a failed case is shown as "likely mistake: …" above the case hint.
// A pattern fires only where its condition is entailed by the differences: the received value meets it and the expected
// one does not; with `alone`, no sibling field differs; with `changed`/`unchanged`, the part of the text it is about
// differs and the rest agrees; on `exitCode`, only where the exit was the program's decision (a document printed, no crash).
import equal from 'fast-deep-equal';
import type { ExpectedCondition, Failure, Mismatch, MistakePattern } from '../../course/core/types.ts';
import { isMatcher, jsonTypeOf, matches, regexPart } from './matchers.ts';

/** The JSON schema of a stage's `mistakes` array (the course manifest's schema uses it). */
export const MISTAKES_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['path', 'hint'],
    properties: {
      path: { type: 'string', minLength: 1 },
      hint: { type: 'string', minLength: 1 },
      present: { const: true },
      absent: { const: true },
      equals: {},
      matches: { type: 'string' },
      type: { enum: ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] },
      order: { const: true },
      alone: { const: true },
      changed: { type: 'string', minLength: 1 },
      unchanged: { type: 'string', minLength: 1 },
      expected: {
        type: 'object',
        additionalProperties: false,
        properties: {
          absent: { const: true },
          equals: {},
          matches: { type: 'string' },
          type: { enum: ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] },
        },
        oneOf: ['absent', 'equals', 'matches', 'type'].map((key) => ({ required: [key] })),
      },
    },
    oneOf: ['present', 'absent', 'equals', 'matches', 'type', 'order'].map((key) => ({ required: [key] })),
  },
} as const;

const pathPatterns = new Map<string, RegExp>();

// The regular expression a pattern path stands for: `[*]` any index, everything else literal.
function pathRegex(path: string): RegExp {
  let found = pathPatterns.get(path);
  if (!found) {
    const literal = (path === 'stdout' ? '' : path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    found = new RegExp(`^${literal.replaceAll('\\[\\*\\]', '\\[\\d+\\]')}$`);
    pathPatterns.set(path, found);
  }
  return found;
}

// Whether a pattern's path (`results[*].content`, `stdout`) names a difference's path (`results[2].content`, '').
export function mistakePathMatches(patternPath: string, path: string): boolean {
  return pathRegex(patternPath).test(path);
}

// Whether a value (received, or a literal the case expects) satisfies a pattern's value condition.
export function conditionHolds(pattern: MistakePattern | ExpectedCondition, value: unknown): boolean {
  if ('equals' in pattern) return equal(value, pattern.equals);
  if ('matches' in pattern) return matches({ $regex: pattern.matches }, value);
  if (!('type' in pattern)) return false;
  const type = jsonTypeOf(value);
  return type === pattern.type || (pattern.type === 'number' && type === 'integer');
}

// Whether what a case expects could itself satisfy the condition: a literal that does, or a matcher (whose accepted
// values are not known here, so the pattern stays quiet rather than point the wrong way).
function expectedMayHold(pattern: MistakePattern, expected: unknown): boolean {
  return isMatcher(expected) || conditionHolds(pattern, expected);
}

// Whether one difference is the mistake a pattern describes: the received value meets the condition and the expected
// value at that path does not (a value correct code prints is never called a mistake), and the pattern's narrowing
// conditions hold against every difference of the case (`all`, which holds `m`; just `m` when not given).
export function isMistake(pattern: MistakePattern, m: Mismatch, all: readonly Mismatch[] = [m]): boolean {
  return meetsCondition(pattern, m) && (!pattern.alone || isAlone(m, all)) && partsHold(pattern, m);
}

function meetsCondition(pattern: MistakePattern, m: Mismatch): boolean {
  if ('order' in pattern) return (m.kind === 'reordered' && pathRegex(pattern.path).test(m.path)) || (m.kind === 'moved' && pathRegex(pattern.path).test(m.path.replace(/\[\d+\]$/, '')));
  if (!pathRegex(pattern.path).test(m.path)) return false;
  if ('present' in pattern) return m.kind === 'unexpected';
  if ('absent' in pattern) return m.kind === 'missing';
  if (m.kind === 'missing' || m.kind === 'moved' || m.kind === 'reordered') return false;
  if (m.kind === 'value' && equal(m.expected, m.received)) return false;
  const wanted = pattern.expected;
  if (wanted && 'absent' in wanted) {
    if (m.kind !== 'unexpected') return false;
  } else if (wanted) {
    if (m.kind !== 'value' || isMatcher(m.expected) || !conditionHolds(wanted, m.expected)) return false;
  } else if (m.kind === 'value' && expectedMayHold(pattern, m.expected)) {
    return false;
  }
  return conditionHolds(pattern, m.received);
}

/** Paths of what a run shows beside its document (see mistakeSubjects): never a sibling of a document field. */
const RUN_PATHS = new Set(['exitCode', 'stderr']);

// The object a path's last key or index belongs to: "results[0].is_error" → "results[0]", "status" → "".
function parentOf(path: string): string {
  return path.replace(/(?:\.[^.[\]]+|\[\d+\]|^[^.[\]]+)$/, '');
}

// Whether no other difference lies in the object of `m`'s path (a sibling field, or the object itself).
function isAlone(m: Mismatch, all: readonly Mismatch[]): boolean {
  const parent = parentOf(m.path);
  return !all.some((x) => x !== m && !RUN_PATHS.has(x.path) && (parent === '' || x.path === parent || x.path.startsWith(`${parent}.`) || x.path.startsWith(`${parent}[`)));
}

// Whether the parts a pattern names hold: the `changed` part differs and the `unchanged` part agrees (both texts).
function partsHold(pattern: MistakePattern, m: Mismatch): boolean {
  if (pattern.changed === undefined && pattern.unchanged === undefined) return true;
  if (m.kind !== 'value' || typeof m.expected !== 'string' || typeof m.received !== 'string') return false;
  const { expected, received } = m;
  if (pattern.changed !== undefined && regexPart(pattern.changed, expected) === regexPart(pattern.changed, received)) return false;
  if (pattern.unchanged === undefined) return true;
  const part = regexPart(pattern.unchanged, expected);
  return part !== undefined && part === regexPart(pattern.unchanged, received);
}

/** An uncaught exception's report on stderr: a stack frame line, or the "Node.js v20…" line Node ends it with. */
const CRASH_REPORT = /^\s+at \S.*(?::\d+:\d+\)?|\(native\)|\(<anonymous>\))\s*$|^Node\.js v\d+/m;
/** Failures that mean the run printed no document of its own: its exit code was not the program's answer. */
const NO_ANSWER_KINDS = new Set<Failure['kind']>(['stdout', 'crash', 'not-implemented', 'limit', 'output-limit']);
/** How much of stderr's end is read for a crash report (bounded work, whatever came before). */
const CRASH_TAIL_CHARS = 16_384;

// Whether a failed run's exit code was the program's own decision, so a pattern on `exitCode` may read it: the run
// printed its document (no failure about stdout, a stub, a crash or a limit) and stderr shows no uncaught exception.
export function isExitDecided(failures: readonly Failure[], stderr: string): boolean {
  return !failures.some((f) => NO_ANSWER_KINDS.has(f.kind)) && !CRASH_REPORT.test(stderr.slice(-CRASH_TAIL_CHARS));
}

/** What else a failed run shows beside its document's differences: its exit code against the expected one, its stderr. */
export type RunFacts = { exitCode?: { expected: number; received: number | null }; stderr?: string };

// The differences a pattern may name: the document's, then the exit code (path `exitCode`) and stderr (path `stderr`).
export function mistakeSubjects(mismatches: Mismatch[], facts: RunFacts = {}): Mismatch[] {
  const exit: Mismatch[] = facts.exitCode ? [{ kind: 'value', path: 'exitCode', expected: facts.exitCode.expected, received: facts.exitCode.received }] : [];
  const stderr: Mismatch[] = facts.stderr ? [{ kind: 'unexpected', path: 'stderr', received: facts.stderr }] : [];
  return [...mismatches, ...exit, ...stderr];
}

// The stage's pattern for the first difference (in document order) that one describes; declared order breaks ties.
export function likelyMistake(patterns: readonly MistakePattern[] | undefined, mismatches: Mismatch[]): MistakePattern | undefined {
  if (!patterns || patterns.length === 0) return undefined;
  for (const m of mismatches) {
    const found = patterns.find((p) => isMistake(p, m, mismatches));
    if (found) return found;
  }
  return undefined;
}
