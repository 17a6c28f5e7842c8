// The registry's shapes are the harness's: the harness registers course tools and prints descriptors.
export type { Descriptor, Effect, JsonSchema, ToolDefinition } from '../../harness/registry/types.ts';
