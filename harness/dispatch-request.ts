// The stdin of `program.ts dispatch`.
export type DispatchRequest = {
  // Files to seed the sandbox with: root-relative path → text. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // Tool calls, run in order.
  calls: { tool: string; input: unknown }[];
};

// Parses the dispatch stdin, or returns a one-line description of what is wrong with it.
export function parseDispatchRequest(text: string): DispatchRequest | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'stdin is not valid JSON';
  }
  if (!isObject(data)) return 'stdin must be a JSON object';
  const sandbox = data.sandbox ?? {};
  if (!isObject(sandbox) || !Object.values(sandbox).every((value) => typeof value === 'string')) {
    return '"sandbox" must be an object of path → text';
  }
  if (!Array.isArray(data.calls)) return '"calls" must be an array';
  const calls: DispatchRequest['calls'] = [];
  for (const [index, call] of data.calls.entries()) {
    if (!isObject(call) || typeof call.tool !== 'string') return `calls[${index}].tool must be a string`;
    calls.push({ tool: call.tool, input: call.input });
  }
  return { sandbox: sandbox as Record<string, string>, calls };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
