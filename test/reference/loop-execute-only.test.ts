import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LoopOptions, LoopOutcome, Message, ToolCall } from '../../harness/loop/types.ts';
import type { Registry } from '../../harness/registry/types.ts';
import * as solution from '../../reference/index.ts';
import { runLoopCommand } from '../../harness/loop/run-loop.ts';

// The route the stage text describes for a registry that only has register, descriptors and
// execute (the starter's types): the kind of error is read off the start of execute's error
// result. It must pass every case exactly like the reference, which uses invoke's error classes.

function sortedJson(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.keys(value).sort().map((key) => [key, value[key]])));
}

function encode(result: unknown): { ok: boolean; text: string } {
  const { is_error: isError, content, ...rest } = result as Record<string, unknown>;
  if (isError !== true) return { ok: true, text: sortedJson({ ...rest, content, ok: true }) };
  const text = String(content);
  const type = text.startsWith('unknown tool: ') ? 'UnknownToolError' : text.startsWith('ValidationError: ') ? 'ToolValidationError' : 'ToolExecutionError';
  return { ok: false, text: sortedJson({ ...rest, error: text, error_type: type, ok: false }) };
}

async function runLoop({ user, model, registry, trace, maxTurns }: LoopOptions<Registry>): Promise<LoopOutcome> {
  trace.emit('session.start', { max_turns: maxTurns });
  const messages: Message[] = [{ role: 'user', content: user }];
  trace.emit('user.message', { content: user });
  const used = new Set<string>();
  for (let turn = 1; turn <= maxTurns; turn++) {
    trace.emit('model.request', { turn, message_count: messages.length });
    const reply = await model.complete(messages, registry.descriptors());
    const calls: ToolCall[] = reply.tool_calls ?? [];
    if (calls.length === 0) {
      trace.emit('model.response', { turn, final: reply.content ?? '' });
      trace.emit('session.stop', { reason: 'stop', turns: turn });
      return { final: reply.content ?? '', stopReason: 'stop' };
    }
    messages.push({ role: 'assistant', content: reply.content ?? '', tool_calls: calls });
    trace.emit('model.response', { turn, tool_call_ids: calls.map((call) => call.id ?? '') });
    for (const call of calls) {
      const id = call.id ?? '';
      trace.emit('tool.request', { tool_call_id: id, name: call.name, arguments: call.arguments });
      let outcome: { ok: boolean; text: string };
      if (id === '') outcome = { ok: false, text: sortedJson({ error: 'tool call has no id', error_type: 'ToolCallError', ok: false }) };
      else if (used.has(id)) outcome = { ok: false, text: sortedJson({ error: `duplicate tool call id: ${id}`, error_type: 'ToolCallError', ok: false }) };
      else {
        used.add(id);
        outcome = encode(await registry.execute(call.name, call.arguments));
      }
      messages.push({ role: 'tool', name: call.name, tool_call_id: id, content: outcome.text });
      trace.emit('tool.result', { tool_call_id: id, ok: outcome.ok });
    }
  }
  trace.emit('session.stop', { reason: 'max_turns', turns: maxTurns });
  return { final: null, stopReason: 'max_turns' };
}

const dir = fileURLToPath(new URL('../../cases/tool-loop', import.meta.url));
const cases = readdirSync(dir).sort().map((file) => ({ file, data: JSON.parse(readFileSync(join(dir, file), 'utf8')) as { input: unknown; expect: { stdout: unknown } } }));

describe('a runner built on execute alone passes the cases', () => {
  it.each(cases)('$file', async ({ data }) => {
    const output = await runLoopCommand(JSON.stringify(data.input), { ...solution, runLoop });
    expect(output.stderr).toBe('');
    expect(JSON.parse(output.stdout)).toStrictEqual(data.expect.stdout);
  });
});
