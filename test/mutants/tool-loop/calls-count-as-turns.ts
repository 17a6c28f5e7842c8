// Mutant: every call of a turn counts against maxTurns, as if each were a request.
// Replaces: reference/loop/run-loop.ts
// Caught by: calls-are-not-turns
import type { LoopOptions, LoopOutcome, Message, Trace } from '../../../harness/loop/types.ts';
import type { ToolRegistry } from '../../../reference/registry/registry.ts';
import { CallIdLedger, callIdOf } from '../../../reference/loop/call-ids.ts';
import { assistantMessage, userMessage } from '../../../reference/loop/messages.ts';
import { runCall } from '../../../reference/loop/run-call.ts';

// The tool loop: send the conversation and the tool descriptors to the model, record its turn,
// run each of its calls in order and answer each with a tool message; ask again until a turn
// has no calls (the model is done) or `maxTurns` requests were made.
export async function runLoop({ user, model, registry, trace, maxTurns }: LoopOptions<ToolRegistry>): Promise<LoopOutcome> {
  trace.emit('session.start', { max_turns: maxTurns });
  const messages: Message[] = [userMessage(user)];
  trace.emit('user.message', { content: user });
  const ids = new CallIdLedger();
  let used = 0;
  for (let turn = 1; used < maxTurns; turn++) {
    trace.emit('model.request', { turn, message_count: messages.length });
    const reply = await model.complete(messages, registry.descriptors());
    messages.push(assistantMessage(reply));
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0) {
      const final = reply.content ?? '';
      trace.emit('model.response', { turn, final });
      return stopped(trace, { final, stopReason: 'stop' }, turn);
    }
    trace.emit('model.response', { turn, tool_call_ids: calls.map(callIdOf) });
    for (const call of calls) messages.push(await runCall(call, registry, ids, trace));
    used += calls.length;
  }
  return stopped(trace, { final: null, stopReason: 'max_turns' }, maxTurns);
}

// Emits session.stop and hands the outcome back.
function stopped(trace: Trace, outcome: LoopOutcome, turns: number): LoopOutcome {
  trace.emit('session.stop', { reason: outcome.stopReason, turns });
  return outcome;
}
