import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from '../registry/types.ts';

// PLACEHOLDER: replaced by the stage's own command module.
export async function runMcp<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  void [stdinText, solution];
  return { stdout: '', stderr: 'not built yet\n', exitCode: 2 };
}
