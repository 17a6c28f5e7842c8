import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import type { Confirm, Policy } from '../policy/types.ts';
import { POLICY_INPUT } from '../policy/policy-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // permissions: a dispatcher that checks the policy between validation and execution.
    withPolicy?: (registry: R, policy: Policy, confirm: Confirm) => (name: string, input: unknown) => Promise<unknown>;
  }
}

// `policy`: every call through the solution's policy dispatcher.
export const policy: CommandDeclaration = {
  name: 'policy',
  input: POLICY_INPUT,
  exports: [
    { name: 'makeRegistry', required: false },
    { name: 'withPolicy', required: false },
  ],
  run: async (stdinText, solution) => (await import('../policy/run-policy.ts')).runPolicy(stdinText, solution),
};
