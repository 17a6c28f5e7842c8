// Mutant: only calls whose result is not an error use quota.
// Replaces: reference/policy/with-policy.ts
// Caught by: error-results-use-quota
import type { Confirm, Policy } from '../../../harness/policy/types.ts';
import type { PreparedCall, ToolRegistry } from '../../../reference/registry/registry.ts';
import { errorResult } from '../../../reference/registry/registry.ts';
import { failure } from '../../../reference/results.ts';
import { CallCounter } from '../../../reference/policy/call-counter.ts';
import { decide } from '../../../reference/policy/decide.ts';
import { userDenied } from '../../../reference/policy/permission-messages.ts';

// Runs one tool call by name through the policy; never rejects.
export type PolicyExecute = (name: string, input: unknown) => Promise<unknown>;

// The registry's dispatcher with a policy step between validation and execution: unknown tool →
// validation → allow-list → deny-list → quota → confirmation → handler. A refused call runs
// nothing and uses no quota; every refusal is an error result.
export function withPolicy(registry: ToolRegistry, policy: Policy, confirm: Confirm): PolicyExecute {
  const ran = new CallCounter();
  return async (name, input) => {
    let call: PreparedCall;
    try {
      call = registry.prepare(name, input);
    } catch (error) {
      return errorResult(error);
    }
    const decision = decide(policy, name, ran.count(name));
    if (decision.kind === 'refuse') return failure(decision.message);
    if (decision.kind === 'ask' && !(await isConfirmed(confirm, name, call.input))) return failure(userDenied(name));
    try {
      const result = await registry.run(call);
      if ((result as { is_error?: boolean }).is_error !== true) ran.add(name);
      return result;
    } catch (error) {
      return errorResult(error);
    }
  };
}

// True only when the user answered yes; a confirmation that fails counts as a no (fail closed).
async function isConfirmed(confirm: Confirm, name: string, input: unknown): Promise<boolean> {
  try {
    return (await confirm(name, input)) === true;
  } catch {
    return false;
  }
}
