import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { isMistake, likelyMistake, mistakeSubjects, MISTAKES_SCHEMA } from '../../grader/judge/core/mistakes.ts';
import type { Mismatch, MistakePattern } from '../../grader/course/core/types.ts';

const hint = 'h';

describe('isMistake', () => {
  const table: [string, MistakePattern, Mismatch, boolean][] = [
    ['equals on an extra key', { path: 'results[*].is_error', equals: false, hint }, { kind: 'unexpected', path: 'results[3].is_error', received: false }, true],
    ['equals on a changed value', { path: 'results[*].is_error', equals: false, hint }, { kind: 'value', path: 'results[0].is_error', expected: true, received: false }, true],
    ['equals compares deeply', { path: 'a', equals: { b: [1] }, hint }, { kind: 'value', path: 'a', expected: 1, received: { b: [1] } }, true],
    ['equals, another value', { path: 'results[*].is_error', equals: false, hint }, { kind: 'unexpected', path: 'results[0].is_error', received: true }, false],
    ['[*] is any index, not any text', { path: 'results[*].is_error', equals: false, hint }, { kind: 'unexpected', path: 'results.is_error', received: false }, false],
    ['the path must match whole', { path: 'results[*].is_error', equals: false, hint }, { kind: 'unexpected', path: 'x.results[0].is_error', received: false }, false],
    ['nested wildcards', { path: 'requests[*].messages[*].tool_call_id', absent: true, hint }, { kind: 'missing', path: 'requests[1].messages[2].tool_call_id', expected: 'c1' }, true],
    ['present is an extra key', { path: 'workspace', present: true, hint }, { kind: 'unexpected', path: 'workspace', received: {} }, true],
    ['present is not a changed value', { path: 'workspace', present: true, hint }, { kind: 'value', path: 'workspace', expected: {}, received: { a: '' } }, false],
    ['absent is a missing key', { path: 'results[*].is_error', absent: true, hint }, { kind: 'missing', path: 'results[0].is_error', expected: true }, true],
    ['matches runs RE2 on the string', { path: 'results[*].content', matches: '^0: ', hint }, { kind: 'value', path: 'results[0].content', expected: '1: a', received: '0: a' }, true],
    ['matches needs a string', { path: 'n', matches: '1', hint }, { kind: 'value', path: 'n', expected: 2, received: 1 }, false],
    ['matches never on a missing value', { path: 'c', matches: '', hint }, { kind: 'missing', path: 'c', expected: 'x' }, false],
    ['type string', { path: 'results[*].is_error', type: 'string', hint }, { kind: 'value', path: 'results[0].is_error', expected: true, received: 'true' }, true],
    ['type number takes integers', { path: 'n', type: 'number', hint }, { kind: 'value', path: 'n', expected: 'x', received: 3 }, true],
    ['never where the expected value meets the condition too', { path: 'results[*].content', matches: '^Error: ', hint }, { kind: 'value', path: 'results[0].content', expected: 'Error: b', received: 'Error: a' }, false],
    ['never where a matcher is expected', { path: 'c', matches: '^E', hint }, { kind: 'value', path: 'c', expected: { $regex: '^x' }, received: 'E' }, false],
    ['expected narrows to one confusion', { path: 's', equals: 'error', expected: { equals: 'protocol_error' }, hint }, { kind: 'value', path: 's', expected: 'protocol_error', received: 'error' }, true],
    ['expected: another expected value', { path: 's', equals: 'error', expected: { equals: 'protocol_error' }, hint }, { kind: 'value', path: 's', expected: 'ok', received: 'error' }, false],
    ['expected may meet the received condition too', { path: 'c', matches: '^Found', expected: { matches: '^Found' }, hint }, { kind: 'value', path: 'c', expected: 'Found 2', received: 'Found 3' }, true],
    ['expected absent: only an extra key', { path: 'r[*].e', equals: false, expected: { absent: true }, hint }, { kind: 'value', path: 'r[0].e', expected: true, received: false }, false],
    ['expected absent on an extra key', { path: 'r[*].e', equals: false, expected: { absent: true }, hint }, { kind: 'unexpected', path: 'r[0].e', received: false }, true],
    ['no order difference is a mistake', { path: 'r', type: 'array', hint }, { kind: 'reordered', path: 'r', expected: [1, 2], received: [2, 1], moves: [[0, 1], [1, 0]] }, false],
    ['order on a reordered array', { path: 'results', order: true, hint }, { kind: 'reordered', path: 'results', expected: [1, 2], received: [2, 1], moves: [[0, 1], [1, 0]] }, true],
    ['order on a moved element of the array', { path: 'requests[*].messages', order: true, hint }, { kind: 'moved', path: 'requests[1].messages[2]', expected: 'a', received: 'a', from: 1 }, true],
    ['order is no value difference', { path: 'results', order: true, hint }, { kind: 'value', path: 'results', expected: [1], received: [2] }, false],
    ['stdout names the whole document', { path: 'stdout', type: 'array', hint }, { kind: 'value', path: '', expected: {}, received: [] }, true],
  ];
  it.each(table)('%s', (_, pattern, mismatch, expected) => {
    expect(isMistake(pattern, mismatch)).toBe(expected);
  });
});

describe('likelyMistake', () => {
  const patterns: MistakePattern[] = [
    { path: 'results[*].content', matches: '^Unknown', hint: 'lower case' },
    { path: 'results[*].is_error', equals: false, hint: 'no is_error on success' },
  ];
  it('answers the first difference a pattern describes', () => {
    const found = likelyMistake(patterns, [
      { kind: 'value', path: 'results[0].content', expected: 'a', received: 'b' },
      { kind: 'unexpected', path: 'results[1].is_error', received: false },
      { kind: 'value', path: 'results[2].content', expected: 'unknown tool: x', received: 'Unknown tool: x' },
    ]);
    expect(found?.hint).toBe('no is_error on success');
  });
  it('is undefined without patterns or without a match', () => {
    expect(likelyMistake(undefined, [{ kind: 'unexpected', path: 'results[0].is_error', received: false }])).toBeUndefined();
    expect(likelyMistake(patterns, [{ kind: 'value', path: 'x', expected: 1, received: 2 }])).toBeUndefined();
  });
});

describe('mistakeSubjects', () => {
  const patterns: MistakePattern[] = [
    { path: 'exitCode', equals: 1, expected: { equals: 0 }, hint: 'a tool failure exits 0' },
    { path: 'stderr', matches: 'execute threw on calls\\[', hint: 'execute never rejects' },
  ];
  it('lets a pattern name the exit code against the expected one', () => {
    expect(likelyMistake(patterns, mistakeSubjects([], { exitCode: { expected: 0, received: 1 } }))?.hint).toBe('a tool failure exits 0');
    expect(likelyMistake(patterns, mistakeSubjects([], { exitCode: { expected: 2, received: 1 } }))).toBeUndefined();
  });
  it('lets a pattern read stderr, after the document and the exit code', () => {
    expect(likelyMistake(patterns, mistakeSubjects([], { stderr: 'dispatch: execute threw on calls[0] (x): boom' }))?.hint).toBe('execute never rejects');
    expect(mistakeSubjects([{ kind: 'value', path: 'a', expected: 1, received: 2 }], { exitCode: { expected: 0, received: 1 }, stderr: 's' }).map((m) => m.path)).toEqual(['a', 'exitCode', 'stderr']);
  });
});

describe('MISTAKES_SCHEMA', () => {
  const validate = new Ajv({ strict: false }).compile(MISTAKES_SCHEMA);
  it.each<[string, unknown, boolean]>([
    ['one condition', [{ path: 'a', equals: null, hint }], true],
    ['every kind of condition', [{ path: 'a', present: true, hint }, { path: 'a', absent: true, hint }, { path: 'a', matches: 'x', hint }, { path: 'a', type: 'integer', hint }], true],
    ['an expected condition', [{ path: 'a', equals: 1, expected: { absent: true }, hint }, { path: 'a', matches: 'x', expected: { matches: 'y' }, hint }], true],
    ['an expected condition with two keys', [{ path: 'a', equals: 1, expected: { equals: 2, matches: 'x' }, hint }], false],
    ['no condition', [{ path: 'a', hint }], false],
    ['two conditions', [{ path: 'a', equals: 1, matches: 'x', hint }], false],
    ['no hint', [{ path: 'a', equals: 1 }], false],
    ['an unknown key', [{ path: 'a', equals: 1, hint, when: 1 }], false],
    ['the narrowing fields', [{ path: 'a', absent: true, alone: true, hint }, { path: 'a', matches: 'x', changed: '(y)', unchanged: '^[^:]*: (.*)$', hint }], true],
    ['alone must be true', [{ path: 'a', absent: true, alone: false, hint }], false],
    ['an empty part', [{ path: 'a', matches: 'x', changed: '', hint }], false],
    ['an unknown type', [{ path: 'a', type: 'any', hint }], false],
  ])('%s', (_, value, ok) => {
    expect(validate(value)).toBe(ok);
  });
});
