import type { Registry } from '../harness/registry/types.ts';
import type { Tools } from './tools.ts';
import { NotImplementedError } from './not-implemented.ts';

// The shapes of this stage, from harness/registry/types.ts: import them from here or from there.
export type { Descriptor, JsonSchema, Registry, ToolDefinition } from '../harness/registry/types.ts';

// TODO(validate-args): `npx dispatch-lab show validate-args` walks you through it.
// 1. A ToolRegistry class with register(tool) (a taken name throws "tool already registered: <name>"),
//    descriptors() (name, description, parameters of each tool, in registration order) and
//    execute(name, input): unknown name → "unknown tool: <name>"; input broken against the tool's
//    parameters → "ValidationError: <message> (path: <path>)" and the handler never runs; a handler
//    that throws → "Error: <message>". execute never rejects.
// 2. A validator: the first rule an input breaks, in the stage's message formats (by hand, or ajv's
//    first error mapped onto them).
// 3. Register the eight built-ins over `tools` plus `add` and `web_search`, with the exact schemas of
//    the stage text, and return the registry.
export function makeRegistry(tools: Tools): Registry {
  void tools;
  throw new NotImplementedError('makeRegistry in src/registry.ts');
}
