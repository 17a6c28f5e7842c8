// Mutant: the policy decides before the input is validated, so an invalid call to a blocked tool is a PermissionError.
// Replaces: reference/policy/with-policy.ts
// Caught by: validation-before-policy
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
    const decision = decide(policy, name, ran.count(name));
    if (decision.kind === 'refuse' && registry.get(name) !== undefined) return failure(decision.message);
    let call: PreparedCall;
    try {
      call = registry.prepare(name, input);
    } catch (error) {
      return errorResult(error);
    }
    if (decision.kind === 'refuse') return failure(decision.message);
    if (decision.kind === 'ask' && !(await isConfirmed(confirm, name, call.input))) return failure(userDenied(name));
    ran.add(name);
    try {
      return await registry.run(call);
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
