import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from '../registry/types.ts';
import { parsePolicyRequest } from './policy-request.ts';
import { scriptedUser } from './scripted-user.ts';
import { withRegistry } from '../registry/with-registry.ts';
import { badRequest, escapedError } from '../failure-report.ts';
import { partOf } from '../missing-export.ts';
import { markCallsDone, markRunning } from '../running-call.ts';

// `policy`: seeds a sandbox, builds the solution's registry and wraps it in its policy
// dispatcher (the case's policy, a scripted user), runs every call in order, and prints
// `{"results":[...],"asked":[...]}` on one line.
export async function runPolicy<T, R extends Registry>(stdinText: string, solution: Solution<T, R>): Promise<CommandOutput> {
  const request = parsePolicyRequest(stdinText);
  if (typeof request === 'string') return badRequest('policy', request);
  return withRegistry(solution, request.sandbox, 'policy', async (registry) => {
    const user = scriptedUser(request.confirmations);
    let execute: (name: string, input: unknown) => Promise<unknown>;
    try {
      execute = partOf(solution, 'withPolicy')(registry, request.policy, user.confirm);
    } catch (error) {
      return escapedError('building the policy dispatcher threw', error, 'policy');
    }
    const results: unknown[] = [];
    for (const [index, call] of request.calls.entries()) {
      markRunning(index, call.tool);
      try {
        results.push(await execute(call.tool, call.input));
      } catch (error) {
        // The policy dispatcher must turn every refusal and failure into a result.
        return escapedError(`execute threw on calls[${index}] (${call.tool})`, error, 'policy');
      }
    }
    markCallsDone();
    return { stdout: `${JSON.stringify({ results, asked: user.asked })}\n`, stderr: '', exitCode: 0 };
  });
}
