// Mutant: a new_str of null is refused as invalid_arguments instead of meaning "".
// Replaces: reference/protocol/tool-args.ts
// Caught by: patch-new-str-null-deletes
import type { Args } from '../../../reference/protocol/types.ts';

// Reading a tool's arguments. A missing or mistyped argument is the tool's own error
// (invalid_arguments), which the tools report; these helpers only say whether a value is usable.

// A required string argument, or undefined when it is absent, null or not a string.
export function requiredString(args: Args, name: string): string | undefined {
  const value = Object.hasOwn(args, name) ? args[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

// An optional string argument with a default for absent or null; undefined when it has another type.
export function optionalString(args: Args, name: string, fallback: string): string | undefined {
  const value = Object.hasOwn(args, name) ? args[name] : undefined;
  if (value === undefined) return fallback;
  return typeof value === 'string' ? value : undefined;
}
