import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import type { TurnCall, TurnResult } from '../turn/types.ts';
import { TURN_INPUT } from '../turn/turn-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // parallel-calls: runs one turn's calls, overlapping what may overlap; results in call order.
    runTurn?: (registry: R, calls: TurnCall[]) => Promise<TurnResult[]>;
  }
}

// `turn`: one model turn's calls through the solution's runTurn.
export const turn: CommandDeclaration = {
  name: 'turn',
  input: TURN_INPUT,
  exports: [
    { name: 'makeRegistry', required: false },
    { name: 'runTurn', required: false },
  ],
  run: async (stdinText, solution) => (await import('../turn/run-turn.ts')).runTurnCommand(stdinText, solution),
};
