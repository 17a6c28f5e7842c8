// JSON text with every object's keys in code-unit order and no spaces, so that one JSON value always
// encodes to the same text (what tests, traces and caches compare). Written by hand because
// JSON.stringify puts integer-like keys ("1", "10") first whatever order they are given in.
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
