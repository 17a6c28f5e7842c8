import { describe, expect, it } from 'vitest';
import { caseKey, knownMistakeLine, knownMistakesOf, KNOWN_MISTAKES_VERSION, MAX_MISTAKES_PER_FINGERPRINT, staleReason, staleStages, stageTable, type VariantPrints } from '../../grader/known/core/known-mistakes.ts';
import { fingerprintOf } from '../../grader/known/core/fingerprint.ts';
import { failureAnswer } from '../../grader/judge/core/failure-answer.ts';
import type { Case, RunResult, Verdict } from '../../grader/course/core/types.ts';

function run(stdout: string, exitCode = 0): RunResult {
  return { stdout, stderr: '', exitCode, signal: null, timedOut: false, durationMs: 5, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1024 };
}
const theCase: Case = { name: 'Echo', hint: 'h', input: {}, expect: { stdout: { results: [{ content: 'hi' }] } }, stage: 'echo', file: 'cases/echo/roundtrip.json' };
const trimmed = run('{"results":[{"content":"h"}]}');
const COURSE = '/home/student/course';
const print = fingerprintOf(theCase.expect, trimmed, COURSE) as string;

// A variant's recording run: the cases with a print, and the cases it failed (by default those with a print).
function variant(name: string, prints: Record<string, string>, fails: string[] = Object.keys(prints)): VariantPrints {
  return { name, description: `the ${name} mistake`, fails, prints };
}

describe('stageTable', () => {
  it('keeps what both runs agree on, by case and fingerprint, names sorted', () => {
    const first = [variant('b', { roundtrip: 'p1', other: 'p2' }), variant('a', { roundtrip: 'p1' })];
    const second = [variant('a', { roundtrip: 'p1' }), variant('b', { roundtrip: 'p1', other: 'p3' })];
    const table = stageTable('h1', first, second);
    expect(table.cases).toEqual({ roundtrip: { p1: ['a', 'b'] } });
    expect(Object.keys(table.mistakes)).toEqual(['a', 'b']);
    expect(table.hash).toBe('h1');
  });
  it('keeps the cases both runs failed, sorted, those only one failed as unsure, whether or not a print was kept', () => {
    const first = [variant('a', { roundtrip: 'p1' }, ['roundtrip', 'crash', 'slow']), variant('b', { roundtrip: 'p1' })];
    const second = [variant('a', { roundtrip: 'p2' }, ['slow', 'roundtrip', 'crash', 'racy']), variant('b', { roundtrip: 'p1' })];
    const table = stageTable('h', first, second);
    // roundtrip printed otherwise in each run, crash and slow printed nothing a fingerprint is taken of: unprinted.
    expect(table.mistakes.a).toEqual({ description: 'the a mistake', fails: ['crash', 'roundtrip', 'slow'], unsure: ['racy'], unprinted: ['crash', 'roundtrip', 'slow'] });
    expect(table.mistakes.b).toEqual({ description: 'the b mistake', fails: ['roundtrip'] });
    expect(table.cases).toEqual({ roundtrip: { p1: ['b'] } });
  });
  it('keeps a variant\'s failing set though its fingerprint is dropped for being shared by too many', () => {
    const many = Array.from({ length: MAX_MISTAKES_PER_FINGERPRINT + 1 }, (_, i) => variant(`v${i}`, { roundtrip: 'same' }));
    expect(stageTable('h', many, many).mistakes.v0?.fails).toEqual(['roundtrip']);
    // Its print was known and agreed on, only too common to name: not unprinted, so the variant is never named.
    expect(stageTable('h', many, many).mistakes.v0?.unprinted).toBeUndefined();
  });
  it('counts a case as unprinted when one run printed and the other printed nothing a fingerprint is taken of', () => {
    const table = stageTable('h', [variant('a', { roundtrip: 'p1' })], [variant('a', {}, ['roundtrip'])]);
    expect(table.mistakes.a?.unprinted).toEqual(['roundtrip']);
    expect(table.cases).toEqual({});
  });
  it(`drops a fingerprint more than ${MAX_MISTAKES_PER_FINGERPRINT} variants print`, () => {
    const many = Array.from({ length: MAX_MISTAKES_PER_FINGERPRINT + 1 }, (_, i) => variant(`v${i}`, { roundtrip: 'same' }));
    expect(stageTable('h', many, many).cases).toEqual({});
    const few = many.slice(0, MAX_MISTAKES_PER_FINGERPRINT);
    expect(stageTable('h', few, few).cases.roundtrip?.same).toHaveLength(MAX_MISTAKES_PER_FINGERPRINT);
  });
});

describe('knownMistakesOf', () => {
  const table = { hash: 'h', mistakes: { 'text-trimmed': { description: 'the text is trimmed', hint: 'hand it back as it is', fails: ['roundtrip'] } }, cases: { roundtrip: { [print]: ['text-trimmed'] } } };
  it('names the mistake whose output equals the received one (its description and hint, not its failing set)', () => {
    expect(knownMistakesOf(table, theCase, trimmed, COURSE)).toEqual([{ id: 'echo/text-trimmed', description: 'the text is trimmed', hint: 'hand it back as it is' }]);
  });
  it.each<[string, Parameters<typeof knownMistakesOf>]>([
    ['another output', [table, theCase, run('{"results":[{"content":"HI"}]}'), COURSE]],
    ['the same document with another exit code', [table, theCase, run(trimmed.stdout, 1), COURSE]],
    ['another case', [table, { ...theCase, file: 'cases/echo/other.json' }, trimmed, COURSE]],
    ['a private case', [table, { ...theCase, private: true }, trimmed, COURSE]],
    ['no table', [undefined, theCase, trimmed, COURSE]],
  ])('names none for %s', (_, args) => {
    expect(knownMistakesOf(...args)).toEqual([]);
  });
  it('keys a case by its file name', () => expect(caseKey('cases/echo/roundtrip.json')).toBe('roundtrip'));
});

describe('staleStages', () => {
  const file = { version: KNOWN_MISTAKES_VERSION, stages: { echo: { hash: 'e', mistakes: {}, cases: {} } } };
  it.each<[string, Parameters<typeof staleStages>[0], Map<string, string>, string[]]>([
    ['a stage whose hash is the recorded one is fresh', file, new Map([['echo', 'e']]), []],
    ['a changed hash is stale', file, new Map([['echo', 'x']]), ['echo']],
    ['a stage without a table is stale', file, new Map([['echo', 'e'], ['view', 'v']]), ['view']],
    ['another version makes every stage stale', { ...file, version: KNOWN_MISTAKES_VERSION + 1 }, new Map([['echo', 'e']]), ['echo']],
    ['no file makes every stage stale', undefined, new Map([['echo', 'e']]), ['echo']],
  ])('%s', (_, given, hashes, stale) => expect(staleStages(given, hashes)).toEqual(stale));
});

describe('the answer in the failure block', () => {
  const verdict: Verdict = { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'results[0].content', expected: 'hi', received: 'h' }] }] };
  const guess = { mistakes: [{ path: 'results[*].content', hint: 'a guess from the pattern', received: { $any: 'string' } }] } as unknown as Parameters<typeof failureAnswer>[1];
  it('says what is observed for one mistake, for several, and nothing for none', () => {
    expect(knownMistakeLine([{ id: 's/a', description: 'the text is trimmed' }])).toBe('the text is trimmed — your output is exactly what a program with this mistake prints');
    expect(knownMistakeLine([{ id: 's/a', description: 'A' }, { id: 's/b', description: 'B' }])).toBe('your output is exactly what a program with one of these mistakes prints: (1) A; (2) B');
    expect(knownMistakeLine([])).toBeUndefined();
  });
  it('replaces the stage\'s guess with the known mistake, and carries its hint', () => {
    const known = [{ id: 'echo/text-trimmed', description: 'the text is trimmed', hint: 'hand it back as it is' }];
    const answer = failureAnswer({ verdict, known }, guess);
    expect(answer.mistake).toBeUndefined();
    expect(answer.known).toBe(knownMistakeLine(known));
    expect(answer.knownHints).toEqual(['hand it back as it is']);
    expect(failureAnswer({ verdict }, guess).known).toBeUndefined();
  });
});

describe('staleReason', () => {
  it.each<[string, number | undefined, boolean, string]>([
    ['a file of an older format says so, table or not', KNOWN_MISTAKES_VERSION - 1, true, `cases/known-mistakes.json was recorded in format ${KNOWN_MISTAKES_VERSION - 1}, and this grader reads format ${KNOWN_MISTAKES_VERSION}`],
    ['a table of this format whose content moved', KNOWN_MISTAKES_VERSION, true, 'its cases, manifest entry, mutants or the reference changed since it was recorded'],
    ['no table for the stage', KNOWN_MISTAKES_VERSION, false, 'cases/known-mistakes.json has no table for it'],
    ['an empty file (no library yet)', undefined, false, 'cases/known-mistakes.json has no table for it'],
  ])('%s', (_what, recorded, hasTable, reason) => {
    expect(staleReason(recorded, hasTable)).toBe(reason);
  });
});
