// Mistake: the policy dispatcher awaits the handler without a catch, so a handler that throws rejects execute
// Replaces: reference/policy/with-policy.ts
// Path: ^(stdout|exitCode)$
// Note: never reject|execute must never
export * from '../../../reference/policy/with-policy.ts';
import type { Confirm, Policy } from '../../../harness/policy/types.ts';
import type { ToolRegistry } from '../../../reference/registry/registry.ts';
import { withPolicy as reference, type PolicyExecute } from '../../../reference/policy/with-policy.ts';

// The reference policy step, except that what the handler threw comes back as a rejection (the mistake).
export function withPolicy(registry: ToolRegistry, policy: Policy, confirm: Confirm): PolicyExecute {
  const execute = reference(registry, policy, confirm);
  return async (name, input) => {
    const result = (await execute(name, input)) as { content?: unknown; is_error?: unknown };
    if (result.is_error === true && typeof result.content === 'string' && /^Error: E[A-Z]+: /.test(result.content)) throw new Error(result.content.slice('Error: '.length));
    return result;
  };
}
