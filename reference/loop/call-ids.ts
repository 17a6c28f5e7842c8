import type { ToolCall } from '../../harness/loop/types.ts';
import { ToolCallError } from './tool-call-error.ts';

// The id a call's tool message and events carry: its own, or "" when it has none.
export function callIdOf(call: ToolCall): string {
  return call.id ?? '';
}

// The ids a session has seen. A result is matched to its call by id alone, so a call without
// one, or with one used before, could be mistaken for another: such a call is refused.
export class CallIdLedger {
  readonly #seen = new Set<string>();

  // Records the call's id; returns the ToolCallError to answer with when the call must not run.
  admit(call: ToolCall): ToolCallError | undefined {
    const id = callIdOf(call);
    if (id === '') return new ToolCallError('tool call has no id');
    if (this.#seen.has(id)) return new ToolCallError(`duplicate tool call id: ${id}`);
    this.#seen.add(id);
    return undefined;
  }
}
