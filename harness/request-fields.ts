// Reading the JSON stdin of the commands that take one: the object, and the fields several share.

// A JSON object, or a one-line description of what is wrong with the text.
export function parseObject(text: string): Record<string, unknown> | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'stdin is not valid JSON';
  }
  return isObject(data) ? data : 'stdin must be a JSON object';
}

// The `sandbox` field (absent: empty), or what is wrong with it.
export function sandboxOf(data: Record<string, unknown>): Record<string, string> | string {
  const sandbox = data.sandbox ?? {};
  if (!isObject(sandbox) || !Object.values(sandbox).every((value) => typeof value === 'string')) {
    return '"sandbox" must be an object of path → text';
  }
  return sandbox as Record<string, string>;
}

// True for a plain JSON object (not null, not an array).
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
