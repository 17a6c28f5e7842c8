import type { ToolCall, ToolMessage, Trace } from '../../harness/loop/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
import type { ToolError } from '../registry/errors.ts';
import type { CallIdLedger } from './call-ids.ts';
import { callIdOf } from './call-ids.ts';
import { errorOutcome, resultOutcome, type Outcome } from './outcome.ts';
import { canonicalJson } from './canonical-json.ts';
import { toolMessage } from './messages.ts';

// Runs one call (id check, then the registry) between its tool.request and tool.result events,
// and returns its tool message. Never throws: every failure is an outcome the model reads.
export async function runCall(call: ToolCall, registry: ToolRegistry, ids: CallIdLedger, trace: Trace): Promise<ToolMessage> {
  const id = callIdOf(call);
  trace.emit('tool.request', { tool_call_id: id, name: call.name, arguments: call.arguments });
  const outcome = await outcomeOf(call, registry, ids);
  trace.emit('tool.result', { tool_call_id: id, ok: outcome.ok });
  return toolMessage(call.name, id, canonicalJson(outcome));
}

// The id check first, then lookup, validation and the handler (the registry's invoke throws only
// the ToolError of the step that refused: a handler's own throw is wrapped in ToolExecutionError).
async function outcomeOf(call: ToolCall, registry: ToolRegistry, ids: CallIdLedger): Promise<Outcome> {
  const refusal = ids.admit(call);
  if (refusal !== undefined) return errorOutcome(refusal);
  try {
    return resultOutcome(await registry.invoke(call.name, call.arguments));
  } catch (error) {
    return errorOutcome(error as ToolError);
  }
}
