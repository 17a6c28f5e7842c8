import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import { DISPATCH_INPUT } from '../dispatch-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // Builds the tools over a sandbox directory.
    Tools: new (root: string) => T;
    // Builds the dispatcher over those tools (stages echo … register-tools).
    makeExecute: (tools: T) => (name: string, input: unknown) => Promise<unknown>;
  }
}

// `dispatch`: every call through the solution's execute.
export const dispatch: CommandDeclaration = {
  name: 'dispatch',
  input: DISPATCH_INPUT,
  exports: [
    { name: 'Tools', required: true },
    { name: 'makeExecute', required: true },
  ],
  run: async (stdinText, solution) => (await import('../dispatch.ts')).runDispatch(stdinText, solution),
};
