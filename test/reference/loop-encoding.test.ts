import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../reference/loop/canonical-json.ts';
import { errorOutcome, resultOutcome } from '../../reference/loop/outcome.ts';
import { assistantMessage, toolMessage, userMessage } from '../../reference/loop/messages.ts';
import { CallIdLedger, callIdOf } from '../../reference/loop/call-ids.ts';
import { ToolCallError } from '../../reference/loop/tool-call-error.ts';
import { ToolError, ToolExecutionError, ToolValidationError, UnknownToolError } from '../../reference/registry/errors.ts';

describe('canonicalJson', () => {
  it.each([
    { name: 'sorts keys, no spaces', value: { ok: true, content: 'hello' }, text: '{"content":"hello","ok":true}' },
    { name: 'error before error_type before exit_code', value: { ok: false, exit_code: 3, error_type: 'T', error: 'e' }, text: '{"error":"e","error_type":"T","exit_code":3,"ok":false}' },
    { name: 'sorts nested objects, keeps array order', value: { b: [{ z: 1, a: 2 }, 3], a: null }, text: '{"a":null,"b":[{"a":2,"z":1},3]}' },
    { name: 'integer-like keys in code-unit order', value: { b: 1, 10: 2, 9: 3 }, text: '{"10":2,"9":3,"b":1}' },
    { name: 'upper case before lower case (code units)', value: { a: 1, B: 2 }, text: '{"B":2,"a":1}' },
    { name: 'escapes strings as JSON does', value: { content: '{"sum":5}\n' }, text: '{"content":"{\\"sum\\":5}\\n"}' },
    { name: 'a plain string', value: 'x', text: '"x"' },
  ])('$name', ({ value, text }) => {
    expect(canonicalJson(value)).toBe(text);
  });
});

describe('resultOutcome', () => {
  it.each([
    { name: 'a success keeps content', result: { content: 'hello' }, outcome: { content: 'hello', ok: true } },
    { name: 'bash success: is_error dropped, exit_code kept', result: { content: 'hi\n', is_error: false, exit_code: 0 }, outcome: { content: 'hi\n', exit_code: 0, ok: true } },
    { name: 'an error result: content becomes error', result: { content: 'Error: File not found: a', is_error: true }, outcome: { error: 'Error: File not found: a', error_type: 'ToolExecutionError', ok: false } },
    { name: 'bash failure keeps exit_code', result: { content: 'out\n', is_error: true, exit_code: 3 }, outcome: { exit_code: 3, error: 'out\n', error_type: 'ToolExecutionError', ok: false } },
  ])('$name', ({ result, outcome }) => {
    expect(resultOutcome(result)).toStrictEqual(outcome);
  });
});

describe('errorOutcome', () => {
  it.each([
    { name: 'unknown tool', error: new UnknownToolError('nope'), outcome: { error: 'unknown tool: nope', error_type: 'UnknownToolError', ok: false } },
    { name: 'validation keeps its prefix', error: new ToolValidationError("'text' is a required property (path: text)"), outcome: { error: "ValidationError: 'text' is a required property (path: text)", error_type: 'ToolValidationError', ok: false } },
    { name: 'a handler that threw', error: new ToolExecutionError('handler failed on purpose'), outcome: { error: 'Error: handler failed on purpose', error_type: 'ToolExecutionError', ok: false } },
    { name: 'a call error is its message', error: new ToolCallError('tool call has no id'), outcome: { error: 'tool call has no id', error_type: 'ToolCallError', ok: false } },
  ])('$name', ({ error, outcome }) => {
    expect(errorOutcome(error)).toStrictEqual(outcome);
  });

  it('ToolCallError is a ToolError', () => {
    expect(new ToolCallError('x')).toBeInstanceOf(ToolError);
  });
});

describe('messages', () => {
  it.each([
    { name: 'user', message: userMessage('hi'), expected: { role: 'user', content: 'hi' } },
    { name: 'assistant with calls', message: assistantMessage({ tool_calls: [{ id: 'a', name: 'echo', arguments: {} }] }), expected: { role: 'assistant', content: '', tool_calls: [{ id: 'a', name: 'echo', arguments: {} }] } },
    { name: 'assistant text beside a call without an id', message: assistantMessage({ content: 'x', tool_calls: [{ name: 'echo', arguments: {} }] }), expected: { role: 'assistant', content: 'x', tool_calls: [{ name: 'echo', arguments: {} }] } },
    { name: 'tool', message: toolMessage('echo', 'a', '{}'), expected: { role: 'tool', name: 'echo', tool_call_id: 'a', content: '{}' } },
  ])('$name', ({ message, expected }) => {
    expect(message).toStrictEqual(expected);
  });
});

describe('call ids', () => {
  it.each([
    { name: 'its own id', call: { id: 'c1', name: 'echo', arguments: {} }, id: 'c1' },
    { name: 'no id is ""', call: { name: 'echo', arguments: {} }, id: '' },
  ])('callIdOf: $name', ({ call, id }) => {
    expect(callIdOf(call)).toBe(id);
  });

  it('admits new ids and refuses missing, empty and used ones', () => {
    const ledger = new CallIdLedger();
    const admit = (id?: string) => ledger.admit(id === undefined ? { name: 'echo', arguments: {} } : { id, name: 'echo', arguments: {} })?.message;
    expect([admit('a'), admit(undefined), admit(''), admit('a'), admit('b'), admit('a')]).toStrictEqual([
      undefined,
      'tool call has no id',
      'tool call has no id',
      'duplicate tool call id: a',
      undefined,
      'duplicate tool call id: a',
    ]);
  });
});
