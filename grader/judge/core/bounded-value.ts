// A preview of a JSON value a program printed, small whatever the program printed: what a failure keeps of it.

const MAX_DEPTH = 6;
const MAX_ENTRIES = 10;
/** Long enough to hold the first difference from any expected string a case file holds. */
const MAX_STRING_CHARS = 10_000;

// The value cut to a few levels, a few entries per level and a bounded string length, each cut saying what it dropped.
export function boundedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length <= MAX_STRING_CHARS ? value : `${value.slice(0, MAX_STRING_CHARS)}… [${value.length - MAX_STRING_CHARS} more characters]`;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return value.length === 0 ? [] : [`… ${value.length} ${value.length === 1 ? 'item' : 'items'}, nested deeper`];
    const kept = value.slice(0, MAX_ENTRIES).map((item) => boundedValue(item, depth + 1));
    if (value.length > MAX_ENTRIES) kept.push(`… ${value.length - MAX_ENTRIES} more items`);
    return kept;
  }
  const keys = Object.keys(value);
  if (depth >= MAX_DEPTH) return keys.length === 0 ? {} : { '…': `${keys.length} keys, nested deeper` };
  const kept: Record<string, unknown> = {};
  for (const key of keys.slice(0, MAX_ENTRIES)) kept[key] = boundedValue((value as Record<string, unknown>)[key], depth + 1);
  if (keys.length > MAX_ENTRIES) kept['…'] = `${keys.length - MAX_ENTRIES} more keys`;
  return kept;
}
