import type { JsonSchema, ToolDefinition } from './types.ts';

// Tools the harness registers into the solution's registry (through `register`), after everything
// makeRegistry registered: their handlers fail in the three ways a handler can, so that the
// registry's "the handler throws" row can be seen in a case. None takes an argument.

const NO_ARGUMENTS: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

// `explode`: an async handler whose promise rejects with an Error.
export const explodeTool: ToolDefinition = {
  name: 'explode',
  description: 'Always fails: its handler throws "handler failed on purpose".',
  parameters: NO_ARGUMENTS,
  effect: 'read',
  handler: async () => {
    throw new Error('handler failed on purpose');
  },
};

// `explode_now`: a handler that throws an Error before it returns a promise at all.
export const explodeNowTool: ToolDefinition = {
  name: 'explode_now',
  description: 'Always fails: its handler throws "handler threw before returning" synchronously.',
  parameters: NO_ARGUMENTS,
  effect: 'read',
  handler: () => {
    throw new Error('handler threw before returning');
  },
};

// `explode_value`: a handler that throws a string, which has no `message`.
export const explodeValueTool: ToolDefinition = {
  name: 'explode_value',
  description: 'Always fails: its handler throws the string "a thrown string, not an Error".',
  parameters: NO_ARGUMENTS,
  effect: 'read',
  handler: async () => {
    throw 'a thrown string, not an Error';
  },
};

// What the `registry` command registers, in this order.
export const throwingTools: readonly ToolDefinition[] = [explodeTool, explodeNowTool, explodeValueTool];
