import type { Tools } from '../tools.ts';
import { ToolRegistry } from './registry.ts';
import { builtinTools } from './builtins.ts';
import { extraTools } from './extra-tools.ts';

// The registry of stage validate-args: the built-in tools over `tools`, then the extra tools.
export function makeRegistry(tools: Tools): ToolRegistry {
  const registry = new ToolRegistry(tools.root);
  for (const tool of [...builtinTools(tools), ...extraTools]) registry.register(tool);
  return registry;
}
