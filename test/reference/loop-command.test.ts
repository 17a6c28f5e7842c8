import { describe, expect, it } from 'vitest';
import * as solution from '../../reference/index.ts';
import { runLoop as starterRunLoop } from '../../starter/src/loop.ts';
import { runLoopCommand } from '../../harness/loop/run-loop.ts';
import { parseLoopRequest } from '../../harness/loop/loop-request.ts';
import { ScriptedModel } from '../../harness/loop/scripted-model.ts';
import { TraceRecorder } from '../../harness/loop/trace-recorder.ts';
import type { Message } from '../../harness/loop/types.ts';

const stdin = (value: unknown) => JSON.stringify(value);

describe('runLoopCommand', () => {
  it('prints final, stop_reason, requests and events on one line', async () => {
    const output = await runLoopCommand(stdin({ user: 'hi', model: [{ content: 'hello', stop: true }] }), solution);
    expect(output.exitCode).toBe(0);
    expect(output.stderr).toBe('');
    expect(output.stdout.endsWith('}\n') && !output.stdout.slice(0, -1).includes('\n')).toBe(true);
    const document = JSON.parse(output.stdout) as { final: unknown; stop_reason: unknown; requests: { messages: unknown }[]; events: unknown[] };
    expect(document.final).toBe('hello');
    expect(document.stop_reason).toBe('stop');
    expect(document.requests.map((request) => request.messages)).toStrictEqual([[{ role: 'user', content: 'hi' }]]);
    expect(document.events).toHaveLength(5);
  });

  it.each([
    { name: 'not JSON', text: '{', message: 'loop: stdin is not valid JSON\n' },
    { name: 'no user', text: stdin({ model: [] }), message: 'loop: "user" must be a string\n' },
    { name: 'no model', text: stdin({ user: 'u' }), message: 'loop: "model" must be an array of turns\n' },
    { name: 'a zero turn limit', text: stdin({ user: 'u', model: [], max_turns: 0 }), message: 'loop: "max_turns" must be an integer of at least 1\n' },
    { name: 'a fractional turn limit', text: stdin({ user: 'u', model: [], max_turns: 1.5 }), message: 'loop: "max_turns" must be an integer of at least 1\n' },
    { name: 'a turn that is not an object', text: stdin({ user: 'u', model: [[]] }), message: 'loop: model[0] must be an object\n' },
    { name: 'content not a string', text: stdin({ user: 'u', model: [{ content: 1 }] }), message: 'loop: model[0].content must be a string\n' },
    { name: 'tool_calls not an array', text: stdin({ user: 'u', model: [{ tool_calls: {} }] }), message: 'loop: model[0].tool_calls must be an array\n' },
    { name: 'a call without a name', text: stdin({ user: 'u', model: [{}, { tool_calls: [{ id: 'a' }] }] }), message: 'loop: model[1].tool_calls[0].name must be a string\n' },
    { name: 'a numeric id', text: stdin({ user: 'u', model: [{ tool_calls: [{ id: 1, name: 'echo' }] }] }), message: 'loop: model[0].tool_calls[0].id must be a string when present\n' },
    { name: 'stop not a boolean', text: stdin({ user: 'u', model: [{ stop: 'yes' }] }), message: 'loop: model[0].stop must be a boolean\n' },
    { name: 'a bad sandbox', text: stdin({ sandbox: { a: 1 }, user: 'u', model: [] }), message: 'loop: "sandbox" must be an object of path → text\n' },
  ])('exits 1 on stdin with $name', async ({ text, message }) => {
    expect(await runLoopCommand(text, solution)).toStrictEqual({ stdout: '', stderr: message, exitCode: 1 });
  });

  it('reports a loop that asks the scripted model for more turns than scripted', async () => {
    const output = await runLoopCommand(stdin({ user: 'u', model: [{ tool_calls: [{ id: 'a', name: 'echo', arguments: { text: 'x' } }] }] }), solution);
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr).toMatch(/^loop: runLoop threw: the scripted model was asked for turn 2, but the case scripts 1: did the loop go on after a turn without tool calls\?\n/);
  });

  it('reports the starter stub as one "not implemented" line', async () => {
    const output = await runLoopCommand(stdin({ user: 'u', model: [] }), { ...solution, runLoop: starterRunLoop });
    expect(output).toStrictEqual({ stdout: '', stderr: 'not implemented: runLoop in src/loop.ts\n', exitCode: 1 });
  });

  it('reports a missing runLoop export as not implemented', async () => {
    const output = await runLoopCommand(stdin({ user: 'u', model: [] }), { ...solution, runLoop: undefined });
    expect(output).toStrictEqual({ stdout: '', stderr: 'not implemented: runLoop (export it from src/index.ts)\n', exitCode: 1 });
  });

  it('shows a runner that returns nothing as missing fields, not a crash', async () => {
    const output = await runLoopCommand(stdin({ user: 'u', model: [] }), { ...solution, runLoop: async () => undefined as never });
    expect(output.exitCode).toBe(0);
    expect(JSON.parse(output.stdout)).toStrictEqual({ requests: [], events: [] });
  });
});

describe('parseLoopRequest', () => {
  it('defaults the sandbox, the turn limit and missing arguments, and keeps only given fields', () => {
    expect(parseLoopRequest(stdin({ user: 'u', model: [{ tool_calls: [{ name: 'echo' }, { id: 'a', name: 'view', arguments: 'x' }], stop: false }, {}] }))).toStrictEqual({
      sandbox: {},
      user: 'u',
      maxTurns: 8,
      turns: [{ tool_calls: [{ name: 'echo', arguments: {} }, { id: 'a', name: 'view', arguments: 'x' }], stop: false }, {}],
    });
  });
});

describe('ScriptedModel', () => {
  it('records a copy of each request and serves copies of its turns', async () => {
    const turn = { tool_calls: [{ id: 'a', name: 'echo', arguments: { text: 'x' } }] };
    const model = new ScriptedModel([turn]);
    const messages: Message[] = [{ role: 'user', content: 'u' }];
    const reply = await model.complete(messages, [{ name: 'echo', description: '', parameters: {} }]);
    messages.push({ role: 'assistant', content: 'later' });
    reply.tool_calls?.pop();
    expect(model.requests).toStrictEqual([{ messages: [{ role: 'user', content: 'u' }], tools: ['echo'] }]);
    expect(turn.tool_calls).toHaveLength(1);
  });

  it('records null tools when not given a list', async () => {
    const model = new ScriptedModel([{}]);
    await model.complete([], undefined as never);
    expect(model.requests).toStrictEqual([{ messages: [], tools: null }]);
  });
});

describe('TraceRecorder', () => {
  it('keeps events in order, each payload copied when emitted', () => {
    const trace = new TraceRecorder();
    const payload = { tool_call_id: 'a', name: 'echo', arguments: { text: 'x' } };
    trace.emit('tool.request', payload);
    payload.arguments.text = 'changed';
    trace.emit('tool.result', { tool_call_id: 'a', ok: true });
    expect(trace.events).toStrictEqual([
      { type: 'tool.request', payload: { tool_call_id: 'a', name: 'echo', arguments: { text: 'x' } } },
      { type: 'tool.result', payload: { tool_call_id: 'a', ok: true } },
    ]);
  });
});
