// The parts of the commands' input schemas several share, and a helper for reading JSON the harness did not declare.
import type { InputSchema } from './input-schema.ts';

// `sandbox`: the files to seed the sandbox with. Absent: an empty sandbox.
export const SANDBOX = {
  type: 'object',
  title: '{path: text}',
  description: 'Files to seed the sandbox with: path → text; a path ending in "/" with the value "" is an empty directory.',
  additionalProperties: { type: 'string' },
  default: {},
  errorMessage: 'must be an object of path → text',
} as const satisfies InputSchema;

// One tool call of a `calls` list: a tool name and its arguments.
export const CALL = {
  type: 'object',
  additionalProperties: false,
  required: ['tool'],
  properties: { tool: { type: 'string', errorMessage: { type: 'must be a string' } }, input: { description: 'The arguments, any JSON (absent: undefined).' } },
  errorMessage: { type: '{where}.tool must be a string' },
} as const satisfies InputSchema;

// `calls`: the tool calls, run in order.
export const CALLS = { type: 'array', items: CALL, errorMessage: { type: 'must be an array' } } as const satisfies InputSchema;

// True for a plain JSON object (not null, not an array).
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
