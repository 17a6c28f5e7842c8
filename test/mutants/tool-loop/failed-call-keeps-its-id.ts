// Mutant: an id is spent only by a call that succeeded, so a refused call's id may be used again.
// Replaces: reference/loop/run-call.ts
// Caught by: refused-call-spent-its-id
import type { ToolCall, ToolMessage, Trace } from '../../../harness/loop/types.ts';
import type { ToolRegistry } from '../../../reference/registry/registry.ts';
import type { ToolError } from '../../../reference/registry/errors.ts';
import type { CallIdLedger } from '../../../reference/loop/call-ids.ts';
import { callIdOf } from '../../../reference/loop/call-ids.ts';
import { errorOutcome, resultOutcome, type Outcome } from '../../../reference/loop/outcome.ts';
import { canonicalJson } from '../../../reference/loop/canonical-json.ts';
import { toolMessage } from '../../../reference/loop/messages.ts';

// The ids of the calls that failed, given back to the session (the bug: they should stay spent).
const given = new Set<string>();

// Runs one call (id check, then the registry) between its tool.request and tool.result events,
// and returns its tool message. Never throws: every failure is an outcome the model reads.
export async function runCall(call: ToolCall, registry: ToolRegistry, ids: CallIdLedger, trace: Trace): Promise<ToolMessage> {
  const id = callIdOf(call);
  trace.emit('tool.request', { tool_call_id: id, name: call.name, arguments: call.arguments });
  const outcome = await outcomeOf(call, registry, ids);
  trace.emit('tool.result', { tool_call_id: id, ok: outcome.ok });
  return toolMessage(call.name, id, canonicalJson(outcome));
}

// The id check first, then lookup, validation and the handler (the registry's invoke throws the
// ToolError of the step that refused).
async function outcomeOf(call: ToolCall, registry: ToolRegistry, ids: CallIdLedger): Promise<Outcome> {
  const id = callIdOf(call);
  const refusal = given.delete(id) ? undefined : ids.admit(call);
  if (refusal !== undefined) return errorOutcome(refusal);
  try {
    return resultOutcome(await registry.invoke(call.name, call.arguments));
  } catch (error) {
    given.add(id);
    return errorOutcome(error as ToolError);
  }
}
