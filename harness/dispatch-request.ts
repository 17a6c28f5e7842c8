import { isObject, parseObject, sandboxOf } from './request-fields.ts';

// The stdin of `program.ts dispatch`.
export type DispatchRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // Tool calls, run in order.
  calls: { tool: string; input: unknown }[];
};

// Parses the dispatch stdin, or returns a one-line description of what is wrong with it.
export function parseDispatchRequest(text: string): DispatchRequest | string {
  const data = parseObject(text);
  if (typeof data === 'string') return data;
  const sandbox = sandboxOf(data);
  if (typeof sandbox === 'string') return sandbox;
  const calls = callsOf(data);
  return typeof calls === 'string' ? calls : { sandbox, calls };
}

// The `calls` field: an array of {tool, input}, or what is wrong with it.
export function callsOf(data: Record<string, unknown>): DispatchRequest['calls'] | string {
  if (!Array.isArray(data.calls)) return '"calls" must be an array';
  const calls: DispatchRequest['calls'] = [];
  for (const [index, call] of data.calls.entries()) {
    if (!isObject(call) || typeof call.tool !== 'string') return `calls[${index}].tool must be a string`;
    calls.push({ tool: call.tool, input: call.input });
  }
  return calls;
}
