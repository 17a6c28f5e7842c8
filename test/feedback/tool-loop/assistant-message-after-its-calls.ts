// Mistake: the assistant message of a turn is appended after the tool messages that answer its calls
// Replaces: reference/loop/run-loop.ts
// Path: ^requests\[\d+\]\.messages
// Note: another order|expected at \[\d+\] is at|assistant message
export * from '../../../reference/loop/run-loop.ts';
import type { LoopOptions, LoopOutcome, Message } from '../../../harness/loop/types.ts';
import type { ToolRegistry } from '../../../reference/registry/registry.ts';
import { CallIdLedger, callIdOf } from '../../../reference/loop/call-ids.ts';
import { assistantMessage, userMessage } from '../../../reference/loop/messages.ts';
import { runCall } from '../../../reference/loop/run-call.ts';

// The reference loop with the turn's assistant message pushed once its calls have run (the mistake).
export async function runLoop({ user, model, registry, trace, maxTurns }: LoopOptions<ToolRegistry>): Promise<LoopOutcome> {
  trace.emit('session.start', { max_turns: maxTurns });
  const messages: Message[] = [userMessage(user)];
  trace.emit('user.message', { content: user });
  const ids = new CallIdLedger();
  for (let turn = 1; turn <= maxTurns; turn++) {
    trace.emit('model.request', { turn, message_count: messages.length });
    const reply = await model.complete(messages, registry.descriptors());
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0) {
      messages.push(assistantMessage(reply));
      const final = reply.content ?? '';
      trace.emit('model.response', { turn, final });
      trace.emit('session.stop', { reason: 'stop', turns: turn });
      return { final, stopReason: 'stop' };
    }
    trace.emit('model.response', { turn, tool_call_ids: calls.map(callIdOf) });
    const answers: Message[] = [];
    for (const call of calls) answers.push(await runCall(call, registry, ids, trace));
    messages.push(...answers, assistantMessage(reply));
  }
  trace.emit('session.stop', { reason: 'max_turns', turns: maxTurns });
  return { final: null, stopReason: 'max_turns' };
}
