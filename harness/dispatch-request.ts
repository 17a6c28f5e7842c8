import { isObject, parseObject, sandboxOf } from './request-fields.ts';

// The stdin of `program.ts dispatch`.
export type DispatchRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // Tool calls, run in order.
  calls: { tool: string; input: unknown }[];
};

// A request with `sandbox` and `calls`, plus the whole object for the fields a command adds.
export type CallsRequest = DispatchRequest & { fields: Record<string, unknown> };

// Parses the dispatch stdin, or returns a one-line description of what is wrong with it.
export function parseDispatchRequest(text: string): DispatchRequest | string {
  const request = parseCallsRequest(text);
  return typeof request === 'string' ? request : { sandbox: request.sandbox, calls: request.calls };
}

// Parses a stdin that holds a JSON object with `sandbox` and `calls` (every command but protocol
// and loop), or returns a one-line description of what is wrong with it.
export function parseCallsRequest(text: string): CallsRequest | string {
  const fields = parseObject(text);
  if (typeof fields === 'string') return fields;
  const sandbox = sandboxOf(fields);
  if (typeof sandbox === 'string') return sandbox;
  const calls = callsOf(fields);
  return typeof calls === 'string' ? calls : { sandbox, calls, fields };
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
