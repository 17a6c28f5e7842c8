import { describe, expect, it } from 'vitest';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';
import { describeMismatch } from '../../grader/judge/core/describe.ts';
import { firstShapeNote } from '../../grader/notes/core/difference-shapes.ts';
import { identityKey } from '../../grader/judge/core/array-alignment.ts';

const lines = (expected: unknown, received: unknown) => jsonDiff(expected, received).map(describeMismatch);
const note = (expected: unknown, received: unknown) => firstShapeNote(jsonDiff(expected, received));

describe('identityKey', () => {
  it.each<[string, unknown[], string | undefined]>([
    ['ids', [{ id: 'a' }, { id: 'b' }], 'id'],
    ['tool_call_id before name', [{ tool_call_id: 'c1', name: 'x' }, { tool_call_id: 'c2', name: 'x' }], 'tool_call_id'],
    ['names', [{ name: 'a' }, { name: 'b' }], 'name'],
    ['a repeated id is no identity', [{ id: 'a' }, { id: 'a' }], undefined],
    ['one element without it', [{ name: 'a' }, { other: 1 }], undefined],
    ['numbers are no identity', [{ id: 1 }, { id: 2 }], undefined],
    ['an empty array', [], undefined],
  ])('%s', (_, items, key) => {
    expect(identityKey(items)).toBe(key);
  });
});

describe('arrays matched by identity', () => {
  const tools = ['a', 'b', 'add', 'c'].map((n) => ({ name: `mcp__course__${n}`, description: `does ${n}` }));
  it('names a missing element once instead of shifting every field after it', () => {
    const received = tools.filter((t) => t.name !== 'mcp__course__add');
    expect(lines({ tools }, { tools: received })).toEqual(['tools[2]: tool mcp__course__add is missing']);
    expect(note({ tools }, { tools: received })).toBe('note: the tool mcp__course__add is missing from tools');
  });
  it('names an extra element', () => {
    const received = [...tools.slice(0, 2), { name: 'mcp__course__x', description: 'x' }, ...tools.slice(2)];
    expect(lines({ tools }, { tools: received })).toEqual(['tools[2]: tool mcp__course__x is not expected']);
  });
  it('still lists a changed field of a matched element', () => {
    const received = tools.map((t, i) => (i === 3 ? { ...t, description: 'other' } : t)).filter((_, i) => i !== 0);
    expect(lines({ tools }, { tools: received })).toEqual(['tools[0]: tool mcp__course__a is missing', 'tools[3].description: expected "does c", received "other"']);
  });
  it('names an element by another identity field with that field', () => {
    const calls = [{ id: 'c1', v: 1 }, { id: 'c2', v: 2 }];
    expect(lines({ calls }, { calls: [calls[1]] })).toEqual(['calls[0]: call with id "c1" is missing']);
  });
  it('compares by index when the ids line up', () => {
    expect(lines([{ id: 'a', v: 1 }], [{ id: 'a', v: 2 }])).toEqual(['[0].v: expected 1, received 2']);
  });
});

describe('arrays in another order', () => {
  const results = [{ content: 'one' }, { content: 'two' }, { content: 'three' }];
  it('says the same elements are in another order, once', () => {
    const received = [results[1], results[0], results[2]];
    expect(lines({ results }, { results: received })).toEqual(['results: the same 3 elements in another order: the result expected at [0] is at [1]; the result expected at [1] is at [0]']);
    expect(note({ results }, { results: received })).toBe('note: the same results in another order: results[i] must answer calls[i] (keep them by index, not in the order they finish)');
  });
  it('says where one moved element went and gives no off-by-one note about identifiers', () => {
    const messages = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'x' }, { role: 'tool', tool_call_id: 'call-1', content: 'r' }, { role: 'user', content: 'more' }];
    const received = [messages[0], messages[2], messages[1], messages[3]];
    expect(lines({ messages, message_count: 4 }, { messages: received, message_count: 4 })[0]).toContain('the tool message expected at [2] is at [1]');
    const appended = [messages[0], messages[2], messages[3], messages[1]];
    expect(lines({ messages }, { messages: appended })).toEqual(['messages: the same 4 elements in another order: the assistant message expected at [1] is at [3]; the tool message expected at [2] is at [1]; the user message expected at [3] is at [2]']);
  });
  it('names the dropped and the added element instead of three changed ones', () => {
    expect(lines(['a', 'b', 'c'], ['b', 'c', 'd'])).toEqual(['[0]: missing, expected "a"', '[2]: not expected, received "d"']);
  });
  it('keeps index pairing when one element changed', () => {
    expect(lines(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual(['[1]: expected "b", received "x"']);
  });
  it('never calls digits inside identifiers a number off by one', () => {
    expect(note({ id: 'call-1' }, { id: 'call-2' })).toBeUndefined();
    expect(note({ t: 'took 1 s' }, { t: 'took 2 s' })).toMatch(/off by one/);
  });
});

describe('arrays of one length', () => {
  it('call an element changed in place when it meets its twin at another index ([HI, hi] for [hi, hi])', () => {
    expect(lines({ results: [{ content: 'HI' }, { content: 'hi' }] }, { results: [{ content: 'hi' }, { content: 'hi' }] })).toEqual([
      'results[0].content: expected "HI", received "hi"',
    ]);
  });
});
