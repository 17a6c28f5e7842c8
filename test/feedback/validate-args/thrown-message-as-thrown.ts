// Mistake: a handler's thrown message is answered as thrown, with the sandbox's host directory in it
// Replaces: reference/registry/make-registry.ts
// Path: ^results\[\d+\]\.content$
// Note: host path|host directory|host's sandbox
export * from '../../../reference/registry/make-registry.ts';
import type { Tools } from '../../../reference/tools.ts';
import { ToolRegistry } from '../../../reference/registry/registry.ts';
import { builtinTools } from '../../../reference/registry/builtins.ts';
import { extraTools } from '../../../reference/registry/extra-tools.ts';

// The reference registry built without the host root, so nothing is taken out of a thrown message (the mistake).
export function makeRegistry(tools: Tools): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of [...builtinTools(tools), ...extraTools]) registry.register(tool);
  return registry;
}
