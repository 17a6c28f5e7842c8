// PLACEHOLDER: replaced by the stage's own module.
import type { Confirm, Policy } from '../../harness/policy/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
export function withPolicy(registry: ToolRegistry, policy: Policy, confirm: Confirm): (name: string, input: unknown) => Promise<unknown> {
  void [registry, policy, confirm];
  throw new Error('reference not written yet');
}
