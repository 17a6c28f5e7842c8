// The JSON Schema of a case's `input` for each program.ts command, as the harness reads it (harness/<layer>/*-request.ts).
// Every object is closed (additionalProperties: false), so a typo such as "calsl" is named instead of silently ignored.

import { SERVER_SPEC_SCHEMA } from '../../../harness/mcp/server-spec-schema.ts';

const SANDBOX = {
  type: 'object',
  description: 'Files to seed the sandbox with: path → text; a path ending in "/" with the value "" is an empty directory.',
  additionalProperties: { type: 'string' },
} as const;

const CALL = {
  type: 'object',
  additionalProperties: false,
  required: ['tool'],
  properties: { tool: { type: 'string' }, input: { description: 'The arguments, any JSON (absent: undefined).' } },
} as const;

const CALLS = { type: 'array', items: CALL } as const;

const STRINGS = { type: 'array', items: { type: 'string' } } as const;

const DISPATCH = {
  type: 'object',
  additionalProperties: false,
  required: ['calls'],
  properties: { sandbox: SANDBOX, calls: CALLS },
} as const;

const REGISTRY = {
  type: 'object',
  additionalProperties: false,
  required: ['calls'],
  properties: {
    sandbox: SANDBOX,
    calls: CALLS,
    list_tools: { type: 'boolean' },
    register: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'description', 'parameters'],
        properties: { name: { type: 'string' }, description: { type: 'string' }, parameters: { type: 'object' } },
      },
    },
  },
} as const;

const POLICY = {
  type: 'object',
  additionalProperties: false,
  required: ['calls'],
  properties: {
    sandbox: SANDBOX,
    calls: CALLS,
    policy: {
      type: 'object',
      additionalProperties: false,
      properties: { allow: STRINGS, deny: STRINGS, high_risk: STRINGS, quota: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } } },
    },
    confirmations: { type: 'array', items: { type: 'boolean' } },
  },
} as const;

const LOOP = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'model'],
  properties: {
    sandbox: SANDBOX,
    user: { type: 'string' },
    max_turns: { type: 'integer', minimum: 1 },
    model: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          content: { type: 'string' },
          stop: { type: 'boolean' },
          tool_calls: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name'],
              properties: { id: { type: 'string' }, name: { type: 'string' }, arguments: { description: 'Any JSON (absent: {}).' } },
            },
          },
        },
      },
    },
  },
} as const;

const TURN = {
  type: 'object',
  additionalProperties: false,
  required: ['calls'],
  properties: {
    sandbox: SANDBOX,
    calls: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['id', 'tool'], properties: { id: { type: 'string' }, tool: { type: 'string' }, input: {} } },
    },
  },
} as const;

const MCP = {
  type: 'object',
  additionalProperties: false,
  required: ['servers', 'calls'],
  properties: {
    sandbox: SANDBOX,
    calls: CALLS,
    timeout_ms: { type: 'integer', minimum: 1 },
    list_tools: { type: 'boolean' },
    servers: { type: 'array', items: SERVER_SPEC_SCHEMA },
  },
} as const;

/** The input schema of each program.ts command. `protocol` takes any text or JSON: rejecting bad requests is its lesson. */
export const INPUT_SCHEMAS: Readonly<Record<string, object>> = {
  dispatch: DISPATCH,
  protocol: {},
  registry: REGISTRY,
  policy: POLICY,
  loop: LOOP,
  turn: TURN,
  mcp: MCP,
};

/** Commands whose harness reads the input text itself; for the others a string input is sent verbatim and refused. */
export const RAW_INPUT_COMMANDS: readonly string[] = ['protocol'];
