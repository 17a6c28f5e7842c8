import type { LoopOptions, LoopOutcome } from '../harness/loop/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// The tool loop (stage tool-loop; `npx dispatch-lab show tool-loop` has the exact contract).
// TODO(tool-loop): emit session.start and user.message, then for each turn up to maxTurns:
//   - emit model.request, call model.complete(messages, registry.descriptors()), append the assistant message;
//   - no tool calls: emit model.response with the final text, session.stop, and return { final, stopReason: 'stop' };
//   - else emit model.response with the call ids, and for each call in order: emit tool.request, check its id
//     (missing or already used → ToolCallError, not run), run it with registry.execute, encode the outcome as
//     JSON with sorted keys, append { role: 'tool', name, tool_call_id, content }, emit tool.result.
// After maxTurns requests: session.stop and { final: null, stopReason: 'max_turns' }.
export async function runLoop(options: LoopOptions<Registry>): Promise<LoopOutcome> {
  void options;
  throw new NotImplementedError('runLoop in src/loop.ts');
}
