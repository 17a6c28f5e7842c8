import type { InputSchema } from '../input-schema.ts';
import { CALLS, SANDBOX } from '../request-fields.ts';

// The input of `program.ts registry` (stage validate-args): dispatch's, plus descriptor-only tools to register and
// whether to print the descriptors.
export const REGISTRY_INPUT = {
  type: 'object',
  description: 'Builds the solution\'s registry, registers the course\'s throwing tools and the case\'s descriptors, runs every call through registry.execute, prints {"registered"?, "tools"?, "results"}.',
  additionalProperties: false,
  required: ['calls'],
  properties: {
    sandbox: SANDBOX,
    calls: CALLS,
    list_tools: { type: 'boolean', default: false, errorMessage: 'must be true or false' },
    register: {
      type: 'array',
      errorMessage: { type: 'must be an array of descriptors' },
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'parameters'],
        properties: { name: { type: 'string' }, description: { type: 'string' }, parameters: { type: 'object' } },
        errorMessage: 'must be {"name": string, "description": string, "parameters": object} and nothing else',
      },
    },
  },
  examples: [{ sandbox: {}, calls: [{ tool: 'TOOL', input: {} }] }],
} as const satisfies InputSchema;
