import equal from 'fast-deep-equal';
import type { Mismatch } from './types.ts';
import { isMatcher, matches } from './matchers.ts';
import { indexPath, keyPath } from './json-path.ts';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// Every difference between an expected JSON value (which may hold matchers) and a received one, in document order.
export function jsonDiff(expected: unknown, received: unknown, path = ''): Mismatch[] {
  if (isMatcher(expected)) return matches(expected, received) ? [] : [{ kind: 'value', path, expected, received }];
  if (Array.isArray(expected) && Array.isArray(received)) return arrayDiff(expected, received, path);
  if (isObject(expected) && isObject(received)) return objectDiff(expected, received, path);
  return equal(expected, received) ? [] : [{ kind: 'value', path, expected, received }];
}

function arrayDiff(expected: unknown[], received: unknown[], path: string): Mismatch[] {
  const out: Mismatch[] = [];
  const shared = Math.min(expected.length, received.length);
  for (let i = 0; i < shared; i++) out.push(...jsonDiff(expected[i], received[i], indexPath(path, i)));
  for (let i = shared; i < expected.length; i++) out.push({ kind: 'missing', path: indexPath(path, i), expected: expected[i] });
  for (let i = shared; i < received.length; i++) out.push({ kind: 'unexpected', path: indexPath(path, i), received: received[i] });
  return out;
}

function objectDiff(expected: JsonObject, received: JsonObject, path: string): Mismatch[] {
  const out: Mismatch[] = [];
  for (const key of Object.keys(expected)) {
    const child = keyPath(path, key);
    if (Object.hasOwn(received, key)) out.push(...jsonDiff(expected[key], received[key], child));
    else out.push({ kind: 'missing', path: child, expected: expected[key] });
  }
  for (const key of Object.keys(received)) {
    if (!Object.hasOwn(expected, key)) out.push({ kind: 'unexpected', path: keyPath(path, key), received: received[key] });
  }
  return out;
}
