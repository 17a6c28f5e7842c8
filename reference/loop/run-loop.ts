// PLACEHOLDER: replaced by the stage's own module.
import type { LoopOptions, LoopOutcome } from '../../harness/loop/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
export async function runLoop(options: LoopOptions<ToolRegistry>): Promise<LoopOutcome> {
  void options;
  throw new Error('reference not written yet');
}
