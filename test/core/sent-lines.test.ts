import { describe, expect, it } from 'vitest';
import { sentLines, shownToolName } from '../../grader/judge/core/sent-lines.ts';

describe('sentLines', () => {
  it('shows every part a policy stage reads: sandbox, policy, confirmations and the calls', () => {
    expect(sentLines({ sandbox: { 'a.txt': 'A' }, policy: { high_risk: ['bash'] }, confirmations: [true], calls: [{ tool: 'bash', input: { command: 'echo hi' } }] })).toEqual([
      'sandbox: {"a.txt":"A"}',
      'policy: {"high_risk":["bash"]}',
      'confirmations: [true]',
      '0: bash {"command":"echo hi"}',
    ]);
  });
  it('leaves an empty sandbox out', () => {
    expect(sentLines({ sandbox: {}, calls: [{ tool: 'echo', input: { text: 'a' } }] })).toEqual(['0: echo {"text":"a"}']);
  });
  it('shows a scripted model and a turn limit for the loop', () => {
    expect(sentLines({ user: 'hi', model: [{ text: 'done' }], max_turns: 2 })).toEqual(['user: "hi"', 'model: [{"text":"done"}]', 'max_turns: 2']);
  });
  it('shows a string input as it is, and a call that is not an object as its JSON', () => {
    expect(sentLines('{oops')).toEqual(['{oops']);
    expect(sentLines({ calls: [3, null] })).toEqual(['0: 3', '1: null']);
  });
  it('tells a call without an input key from one whose input is null or {}', () => {
    expect(sentLines({ calls: [{ tool: 'explode_value' }, { tool: 'echo', input: null }, { tool: 'echo', input: {} }] })).toEqual(['0: explode_value (no input)', '1: echo null', '2: echo {}']);
  });
  it('counts the calls past the first twelve', () => {
    const lines = sentLines({ calls: Array.from({ length: 14 }, () => ({ tool: 'echo', input: { text: 'a' } })) });
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toBe('… 2 more calls');
  });
});

describe('shownToolName', () => {
  it.each<[unknown, string]>([
    ['view', 'view'],
    ['', '""'],
    [' ', '" "'],
    [' echo', '" echo"'],
    ['echo\n', '"echo\\n"'],
    [3, '3'],
    [undefined, '(no tool)'],
  ])('%j reads %s', (tool, shown) => {
    expect(shownToolName(tool)).toBe(shown);
  });
});
