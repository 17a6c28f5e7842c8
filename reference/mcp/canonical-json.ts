import { byCodeUnit } from '../code-unit-order.ts';

// JSON text with no whitespace and every object's keys sorted by code unit, at every depth, so
// the same value always gives the same text whatever order its keys were written in.
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => byCodeUnit(a, b));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortedKeys(item)]));
}
