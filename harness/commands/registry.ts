import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import { REGISTRY_INPUT } from '../registry/registry-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // validate-args: the registry of described, validated tools over those tools.
    makeRegistry?: (tools: T) => R;
  }
}

// `registry`: every call through the solution's registry.
export const registry: CommandDeclaration = {
  name: 'registry',
  input: REGISTRY_INPUT,
  exports: [{ name: 'makeRegistry', required: false }],
  run: async (stdinText, solution) => (await import('../registry/run-registry.ts')).runRegistry(stdinText, solution),
};
