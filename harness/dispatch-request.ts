import type { FromSchema, InputSchema } from './input-schema.ts';
import { readInput } from './input-reader.ts';
import { CALLS, SANDBOX } from './request-fields.ts';

// The input of `program.ts dispatch` (stages echo … register-tools).
export const DISPATCH_INPUT = {
  type: 'object',
  description: 'Seeds a sandbox, runs every call through the solution\'s execute in order, prints {"results": [...]}.',
  additionalProperties: false,
  required: ['calls'],
  properties: { sandbox: SANDBOX, calls: CALLS },
  examples: [{ sandbox: { 'a.txt': 'A' }, calls: [{ tool: 'TOOL', input: {} }] }],
} as const satisfies InputSchema;

// The stdin of `program.ts dispatch`: the sandbox's files (path → text) and the tool calls, run in order.
export type DispatchRequest = {
  sandbox: Record<string, string>;
  calls: { tool: string; input: unknown }[];
};

// Parses the dispatch stdin, or returns a one-line description of what is wrong with it.
export function parseDispatchRequest(text: string): DispatchRequest | string {
  const data = readInput(DISPATCH_INPUT, text) as FromSchema<typeof DISPATCH_INPUT> | string;
  return typeof data === 'string' ? data : { sandbox: data.sandbox, calls: callList(data.calls) };
}

// The calls as the runners take them: each with its `input` key, undefined when the call had none.
export function callList(calls: readonly { tool: string; input?: unknown }[]): DispatchRequest['calls'] {
  return calls.map((call) => ({ tool: call.tool, input: call.input }));
}
