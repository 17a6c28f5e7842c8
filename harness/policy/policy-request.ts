import type { Policy } from './types.ts';
import type { FromSchema, InputSchema } from '../input-schema.ts';
import { callList, type DispatchRequest } from '../dispatch-request.ts';
import { readInput } from '../input-reader.ts';
import { CALLS, SANDBOX } from '../request-fields.ts';

const TOOL_NAMES = { type: 'array', items: { type: 'string' }, title: '[name]', errorMessage: 'must be an array of tool names' } as const satisfies InputSchema;

// The input of `program.ts policy` (stage permissions). A typo in the policy (such as "allowed") is the case author's
// mistake, not an empty policy: the policy object is closed.
export const POLICY_INPUT = {
  type: 'object',
  description: 'Builds the registry, wraps it in the solution\'s policy dispatcher (the case\'s policy, a scripted user), runs every call in order, prints {"results": [...], "asked": [...]}.',
  additionalProperties: false,
  required: ['calls'],
  properties: {
    sandbox: SANDBOX,
    calls: CALLS,
    policy: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allow: TOOL_NAMES,
        deny: TOOL_NAMES,
        high_risk: TOOL_NAMES,
        quota: { type: 'object', title: '{name: integer ≥ 0}', additionalProperties: { type: 'integer', minimum: 0 }, errorMessage: 'must map tool names to whole numbers of calls (0 or more)' },
      },
      default: {},
      errorMessage: { unknownKey: 'is not a policy field (use {known})' },
    },
    confirmations: { type: 'array', items: { type: 'boolean' }, default: [], errorMessage: 'must be an array of true/false answers' },
  },
  examples: [{ sandbox: {}, policy: { allow: ['TOOL'] }, calls: [{ tool: 'TOOL', input: {} }] }],
} as const satisfies InputSchema;

// The stdin of `program.ts policy`.
export type PolicyRequest = DispatchRequest & {
  // The policy the dispatcher enforces; absent in the input means `{}` (everything allowed).
  policy: Policy;
  // The user's answers to confirmation questions, in the order they are asked; absent means none.
  confirmations: boolean[];
};

// Parses the policy stdin, or returns a one-line description of what is wrong with it.
export function parsePolicyRequest(text: string): PolicyRequest | string {
  const data = readInput(POLICY_INPUT, text) as FromSchema<typeof POLICY_INPUT> | string;
  if (typeof data === 'string') return data;
  return { sandbox: data.sandbox, policy: data.policy, confirmations: data.confirmations, calls: callList(data.calls) };
}
