import type { Policy } from './types.ts';
import type { DispatchRequest } from '../dispatch-request.ts';
import { parseCallsRequest } from '../dispatch-request.ts';
import { isObject } from '../request-fields.ts';

// The stdin of `program.ts policy`.
export type PolicyRequest = DispatchRequest & {
  // The policy the dispatcher enforces; absent in the input means `{}` (everything allowed).
  policy: Policy;
  // The user's answers to confirmation questions, in the order they are asked; absent means none.
  confirmations: boolean[];
};

const LIST_FIELDS = ['allow', 'deny', 'high_risk'] as const;
const POLICY_FIELDS: readonly string[] = [...LIST_FIELDS, 'quota'];

// Parses the policy stdin, or returns a one-line description of what is wrong with it.
export function parsePolicyRequest(text: string): PolicyRequest | string {
  const request = parseCallsRequest(text);
  if (typeof request === 'string') return request;
  const { sandbox, calls, fields: data } = request;
  const policy = policyOf(data.policy ?? {});
  if (typeof policy === 'string') return policy;
  const confirmations = data.confirmations ?? [];
  if (!Array.isArray(confirmations) || !confirmations.every((answer) => typeof answer === 'boolean')) {
    return '"confirmations" must be an array of true/false answers';
  }
  return { sandbox, policy, confirmations, calls };
}

// The `policy` field checked field by field (a typo such as "allowed" is the case author's
// mistake, not an empty policy), or what is wrong with it.
export function policyOf(value: unknown): Policy | string {
  if (!isObject(value)) return '"policy" must be an object';
  const unknown = Object.keys(value).find((key) => !POLICY_FIELDS.includes(key));
  if (unknown !== undefined) return `"policy.${unknown}" is not a policy field (use ${POLICY_FIELDS.join(', ')})`;
  for (const field of LIST_FIELDS) {
    const list = value[field];
    if (list !== undefined && !(Array.isArray(list) && list.every((name) => typeof name === 'string'))) {
      return `"policy.${field}" must be an array of tool names`;
    }
  }
  const quota = value.quota;
  if (quota !== undefined && !(isObject(quota) && Object.values(quota).every((limit) => Number.isInteger(limit) && (limit as number) >= 0))) {
    return '"policy.quota" must map tool names to whole numbers of calls (0 or more)';
  }
  return value as Policy;
}
