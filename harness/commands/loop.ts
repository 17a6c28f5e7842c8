import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import type { LoopOptions, LoopOutcome } from '../loop/types.ts';
import { LOOP_INPUT } from '../loop/loop-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // tool-loop: runs a session against a model until it stops or the turn limit is reached.
    runLoop?: (options: LoopOptions<R>) => Promise<LoopOutcome>;
  }
}

// `loop`: a session of the solution's runLoop against a scripted model.
export const loop: CommandDeclaration = {
  name: 'loop',
  input: LOOP_INPUT,
  exports: [
    { name: 'makeRegistry', required: false },
    { name: 'runLoop', required: false },
  ],
  run: async (stdinText, solution) => (await import('../loop/run-loop.ts')).runLoopCommand(stdinText, solution),
};
