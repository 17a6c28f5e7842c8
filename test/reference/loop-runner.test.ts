import { describe, expect, it } from 'vitest';
import type { ModelTurn } from '../../harness/loop/types.ts';
import { runLoop } from '../../reference/loop/run-loop.ts';
import { makeRegistry } from '../../reference/registry/make-registry.ts';
import { Tools } from '../../reference/tools.ts';
import { ScriptedModel } from '../../harness/loop/scripted-model.ts';
import { TraceRecorder } from '../../harness/loop/trace-recorder.ts';
import { courseTools } from '../../harness/loop/course-tools.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';

// Runs the reference loop over a fresh sandbox with the course registry, as `program.ts loop` does.
async function session(turns: ModelTurn[], maxTurns = 8, files: Record<string, string> = {}) {
  return withTempSandbox(files, async (root) => {
    const registry = makeRegistry(new Tools(root));
    for (const tool of courseTools) registry.register(tool);
    const model = new ScriptedModel(turns);
    const trace = new TraceRecorder();
    const outcome = await runLoop({ user: 'go', model, registry, trace, maxTurns });
    return { outcome, requests: model.requests, events: trace.events };
  });
}

const call = (id: string | undefined, name: string, args: unknown = {}) => (id === undefined ? { name, arguments: args } : { id, name, arguments: args });
const types = (events: { type: string }[]) => events.map((event) => event.type);
const lastMessage = (request: { messages: unknown }) => (request.messages as unknown[]).at(-1);

describe('runLoop', () => {
  it('answers a call with a tool message carrying its id, then stops', async () => {
    const run = await session([{ tool_calls: [call('call-001', 'echo', { text: 'hello' })] }, { content: 'done', stop: true }]);
    expect(run.outcome).toStrictEqual({ final: 'done', stopReason: 'stop' });
    expect(lastMessage(run.requests[1]!)).toStrictEqual({ role: 'tool', name: 'echo', tool_call_id: 'call-001', content: '{"content":"hello","ok":true}' });
    expect(types(run.events)).toStrictEqual(['session.start', 'user.message', 'model.request', 'model.response', 'tool.request', 'tool.result', 'model.request', 'model.response', 'session.stop']);
  });

  it.each([
    { name: 'an unknown tool', args: call('a', 'nope'), content: '{"error":"unknown tool: nope","error_type":"UnknownToolError","ok":false}' },
    { name: 'an extra argument', args: call('a', 'echo', { text: 'x', extra: 1 }), content: `{"error":"ValidationError: 'extra' is not an allowed property (path: extra)","error_type":"ToolValidationError","ok":false}` },
    { name: 'a handler that throws', args: call('a', 'explode'), content: '{"error":"Error: handler failed on purpose","error_type":"ToolExecutionError","ok":false}' },
    { name: 'a tool error result', args: call('a', 'view', { path: 'none.txt' }), content: '{"error":"Error: File not found: none.txt","error_type":"ToolExecutionError","ok":false}' },
    { name: 'a missing id', args: call(undefined, 'echo', { text: 'x' }), content: '{"error":"tool call has no id","error_type":"ToolCallError","ok":false}' },
  ])('encodes $name as a failed tool message and goes on', async ({ args, content }) => {
    const run = await session([{ tool_calls: [args] }, { content: 'ok' }]);
    expect(run.outcome).toStrictEqual({ final: 'ok', stopReason: 'stop' });
    expect((lastMessage(run.requests[1]!) as { content: string }).content).toBe(content);
    expect(run.events.find((event) => event.type === 'tool.result')?.payload).toMatchObject({ ok: false });
  });

  it('refuses a reused id without running the call', async () => {
    const run = await session([
      { tool_calls: [call('w', 'create', { path: 'a.txt', file_text: 'one' })] },
      { tool_calls: [call('w', 'create', { path: 'a.txt', file_text: 'two' }), call('v', 'view', { path: 'a.txt' })] },
      { content: 'end' },
    ]);
    const messages = run.requests[2]!.messages as { content: string }[];
    expect(messages.slice(-2).map((message) => message.content)).toStrictEqual([
      '{"error":"duplicate tool call id: w","error_type":"ToolCallError","ok":false}',
      '{"content":"1: one","ok":true}',
    ]);
  });

  it('stops at the turn limit after running the last turn\'s calls', async () => {
    const turn = (id: string) => ({ tool_calls: [call(id, 'echo', { text: id })] });
    const run = await session([turn('a'), turn('b'), turn('c')], 2);
    expect(run.outcome).toStrictEqual({ final: null, stopReason: 'max_turns' });
    expect(run.requests).toHaveLength(2);
    expect(run.events.filter((event) => event.type === 'tool.result')).toHaveLength(2);
    expect(run.events.at(-1)).toStrictEqual({ type: 'session.stop', payload: { reason: 'max_turns', turns: 2 } });
  });

  it('decides by tool calls alone, not by stop', async () => {
    const run = await session([{ content: 'x', tool_calls: [call('a', 'echo', { text: 'x' })], stop: true }, {}]);
    expect(run.outcome).toStrictEqual({ final: '', stopReason: 'stop' });
    expect(run.requests).toHaveLength(2);
  });

  it('offers the descriptors on every request', async () => {
    const run = await session([{ tool_calls: [call('a', 'echo', { text: 'x' })] }, { content: 'y' }]);
    const names = ['echo', 'view', 'create', 'str_replace', 'insert', 'glob', 'grep', 'bash', 'add', 'web_search', 'explode'];
    expect(run.requests.map((request) => request.tools)).toStrictEqual([names, names]);
  });
});
