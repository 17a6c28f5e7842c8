import type { LoopOptions, LoopOutcome } from '../harness/loop/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(tool-loop): ask the model, run its tool calls, append one tool message per call, repeat.
export async function runLoop(options: LoopOptions<Registry>): Promise<LoopOutcome> {
  void options;
  throw new NotImplementedError('runLoop in src/loop.ts');
}
