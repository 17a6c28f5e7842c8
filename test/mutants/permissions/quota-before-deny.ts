// Mutant: the quota is checked before the allow- and deny-lists, so a blocked tool with a used-up quota is "quota exhausted".
// Replaces: reference/policy/decide.ts
// Caught by: blocked-before-quota
import type { Policy } from '../../../harness/policy/types.ts';
import { blocked, notPermitted, quotaExhausted } from '../../../reference/policy/permission-messages.ts';

// What the policy says about a call that passed lookup and validation, before anyone is asked.
export type Decision =
  // A rule refuses the call; `message` is the error result's content.
  | { kind: 'refuse'; message: string }
  // A high-risk tool: it runs only if the user confirms this call.
  | { kind: 'ask' }
  // Nothing stands in the way.
  | { kind: 'run' };

// The policy's verdict on a call of `name` when `usedCalls` calls of it have already run:
// allow-list, then deny-list, then quota, then risk; the first rule that refuses decides.
export function decide(policy: Policy, name: string, usedCalls: number): Decision {
  const limit = quotaOf(policy, name);
  if (limit !== undefined && usedCalls >= limit) return { kind: 'refuse', message: quotaExhausted(name, usedCalls, limit) };
  if (policy.allow !== undefined && !policy.allow.includes(name)) return { kind: 'refuse', message: notPermitted(name) };
  if (policy.deny !== undefined && policy.deny.includes(name)) return { kind: 'refuse', message: blocked(name) };
  return policy.high_risk !== undefined && policy.high_risk.includes(name) ? { kind: 'ask' } : { kind: 'run' };
}

// The tool's own quota; undefined when it has none (own keys only, so "constructor" has none).
function quotaOf(policy: Policy, name: string): number | undefined {
  return policy.quota !== undefined && Object.hasOwn(policy.quota, name) ? policy.quota[name] : undefined;
}
