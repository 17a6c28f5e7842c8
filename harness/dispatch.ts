import type { CommandOutput, Solution } from './solution.ts';
import type { Registry } from './registry/types.ts';
import { parseDispatchRequest } from './dispatch-request.ts';
import { withTempSandbox } from './temp-sandbox.ts';
import { escapedError } from './failure-report.ts';
import { markCallsDone, markRunning } from './running-call.ts';

// `dispatch`: seeds a sandbox, runs every call through the solution's execute in order, and
// prints `{"results":[...]}` on one line.
export async function runDispatch<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parseDispatchRequest(stdinText);
  if (typeof request === 'string') return { stdout: '', stderr: `dispatch: ${request}\n`, exitCode: 1 };
  return withTempSandbox(request.sandbox, async (root) => {
    let execute: ReturnType<Solution<T, R>['makeExecute']>;
    try {
      execute = solution.makeExecute(new solution.Tools(root));
    } catch (error) {
      return escapedError('building the tools and the dispatcher threw', error);
    }
    const results: unknown[] = [];
    for (const [index, call] of request.calls.entries()) {
      markRunning(index, call.tool);
      try {
        results.push(await execute(call.tool, call.input));
      } catch (error) {
        // execute must turn every failure into a result; a rejection is the solution's bug.
        return escapedError(`execute threw on calls[${index}] (${call.tool})`, error);
      }
    }
    markCallsDone();
    return { stdout: `${JSON.stringify({ results })}\n`, stderr: '', exitCode: 0 };
  });
}
