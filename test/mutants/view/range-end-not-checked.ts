// Mutant: only the first element of view_range is checked to be an integer, so `[1, 2.5]` or `[1, "3"]` is taken as a range.
// Replaces: reference/params.ts
// Caught by: range-end-not-an-integer
import { Failure } from '../../../reference/failure.ts';

// Checks of the arguments a model sent. JSON has no `undefined`, so `null` counts as absent too.

// A required string argument, or why it is unusable.
export function requireString(name: string, value: unknown): string | Failure {
  if (value === undefined || value === null) return missing(name);
  return typeof value === 'string' ? value : wrongType(name, 'a string');
}

// An optional string argument (`undefined` when absent), or why it is unusable.
export function optionalString(name: string, value: unknown): string | undefined | Failure {
  return value === undefined || value === null ? undefined : requireString(name, value);
}

// A required integer argument, or why it is unusable.
export function requireInteger(name: string, value: unknown): number | Failure {
  if (value === undefined || value === null) return missing(name);
  return Number.isInteger(value) ? (value as number) : wrongType(name, 'an integer');
}

// An optional integer argument (`undefined` when absent), or why it is unusable.
export function optionalInteger(name: string, value: unknown): number | undefined | Failure {
  return value === undefined || value === null ? undefined : requireInteger(name, value);
}

// An optional `[start, end]` pair of integers, or why it is unusable.
export function optionalPair(name: string, value: unknown): [number, number] | undefined | Failure {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0])) {
    return [value[0] as number, value[1] as number];
  }
  return wrongType(name, 'an array of two integers');
}

// The same value unless it is the empty string, which is refused.
export function nonEmpty<T>(name: string, value: T): T | Failure {
  if (value === '') return new Failure(`Error: Parameter ${name} must not be empty`);
  return value;
}

function missing(name: string): Failure {
  return new Failure(`Error: Parameter ${name} is required`);
}

function wrongType(name: string, kind: string): Failure {
  return new Failure(`Error: Parameter ${name} must be ${kind}`);
}
