// Mistake: execute lets a tool's exception escape instead of answering it as an error result
// Replaces: reference/execute.ts
// Path: ^(stdout|exitCode)$
// Note: never reject|execute must never
export * from '../../../reference/execute.ts';
import type { Execute } from '../../../reference/types.ts';
import type { Tools } from '../../../reference/tools.ts';
import { makeExecute as reference } from '../../../reference/execute.ts';

// The reference execute, except that a thrown message reaches the caller as a rejection (the mistake).
export function makeExecute(tools: Tools): Execute {
  const execute = reference(tools);
  return async (name, input) => {
    const result = await execute(name, input);
    if (result.is_error === true && /^Error: E[A-Z]+: /.test(result.content)) throw new Error(result.content.slice('Error: '.length));
    return result;
  };
}
