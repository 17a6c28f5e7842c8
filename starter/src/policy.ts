import type { Confirm, Policy } from '../harness/policy/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(permissions): validate → allow-list → deny-list → quota → confirmation → execute.
export function withPolicy(registry: Registry, policy: Policy, confirm: Confirm): (name: string, input: unknown) => Promise<unknown> {
  void [registry, policy, confirm];
  throw new NotImplementedError('withPolicy in src/policy.ts');
}
