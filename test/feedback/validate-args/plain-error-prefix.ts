// Mistake: validation errors start "Error: " instead of "ValidationError: "
// Replaces: reference/registry/make-registry.ts
// Path: ^results\[\d+\]\.content$
// Note: ValidationError: <what>|lacks the beginning
export * from '../../../reference/registry/make-registry.ts';
import { makeRegistry as reference } from '../../../reference/registry/make-registry.ts';
import type { Tools } from '../../../reference/tools.ts';

// The reference registry with "ValidationError: " answered as "Error: " (the mistake).
export function makeRegistry(tools: Tools) {
  const registry = reference(tools);
  const execute = registry.execute.bind(registry);
  registry.execute = async (name: string, input: unknown) => {
    const result = (await execute(name, input)) as { content?: unknown };
    return typeof result.content === 'string' && result.content.startsWith('ValidationError: ') ? { ...result, content: result.content.replace('ValidationError: ', 'Error: ') } : result;
  };
  return registry;
}
