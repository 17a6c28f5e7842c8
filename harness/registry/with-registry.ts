import type { CommandOutput, Solution } from '../solution.ts';
import type { Registry } from './types.ts';
import { withTempSandbox } from '../temp-sandbox.ts';
import { escapedError } from '../failure-report.ts';
import { partOf } from '../missing-export.ts';

// Seeds a temp sandbox, builds the solution's tools and registry over it, and runs `use`; a
// missing or throwing makeRegistry is reported on stderr like any escaped error.
export async function withRegistry<T, R extends Registry>(
  solution: Solution<T, R>,
  sandbox: Record<string, string>,
  command: string,
  use: (registry: R, root: string) => Promise<CommandOutput>,
): Promise<CommandOutput> {
  return withTempSandbox(sandbox, async (root) => {
    let registry: R;
    try {
      registry = partOf(solution, 'makeRegistry')(new solution.Tools(root));
    } catch (error) {
      return escapedError('building the tools and the registry threw', error, command);
    }
    return use(registry, root);
  });
}
