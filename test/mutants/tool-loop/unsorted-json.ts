// Mutant: the outcome is encoded with JSON.stringify in the order it was built, not with its keys sorted.
// Replaces: reference/loop/canonical-json.ts
// Caught by: echo-roundtrip,bash-results
// JSON text with every object's keys in code-unit order and no spaces, so that one value always
// encodes to the same text (what tests, traces and caches compare). Written by hand because
// JSON.stringify puts integer-like keys ("1", "10") first whatever order they are given in.
export function canonicalJson(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'ok' in value) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
