import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from '../registry/types.ts';
import { parseTurnRequest } from './turn-request.ts';
import { instrumentTools } from './instruments.ts';
import { withRegistry } from '../registry/with-registry.ts';
import { partOf } from '../missing-export.ts';
import { badRequest, escapedError } from '../failure-report.ts';

// `turn`: seeds a sandbox, builds the solution's registry, registers the course's instrument tools
// in it, runs the turn's calls through the solution's runTurn and prints `{"results":[...]}`.
export async function runTurnCommand<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parseTurnRequest(stdinText);
  if (typeof request === 'string') return badRequest('turn', request);
  return withRegistry(solution, request.sandbox, 'turn', async (registry, root) => {
    let runTurn: NonNullable<Solution<T, R>['runTurn']>;
    try {
      runTurn = partOf(solution, 'runTurn');
      for (const tool of instrumentTools(root)) registry.register(tool);
    } catch (error) {
      return escapedError('registering the course instruments (latch, latch_write, tally) threw', error, 'turn');
    }
    let results: unknown;
    try {
      results = await runTurn(registry, request.calls);
    } catch (error) {
      // runTurn must turn every failure into a result; a rejection is the solution's bug.
      return escapedError('runTurn threw', error, 'turn');
    }
    return { stdout: `${JSON.stringify({ results })}\n`, stderr: '', exitCode: 0 };
  });
}
