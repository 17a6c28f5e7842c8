// The one declaration of a server entry in the `servers` of an mcp case: the harness checks each entry
// against it, and the grader's input schema (grader/course/core/input-schema.ts) uses it for `validate`.
// Beside `name`, an entry has the keys of an `mcpServers` entry in common MCP clients' configuration
// files (command, args, env, cwd), so one can be pasted from there; `startup_timeout_ms` is the course's.
export const SERVER_NAME_PATTERN = '^[a-zA-Z0-9-]{1,32}$';

export const SERVER_SPEC_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'command'],
  properties: {
    name: {
      type: 'string',
      pattern: SERVER_NAME_PATTERN,
      description: 'The middle of the tool names mcp__<name>__<tool>: letters, digits and "-", at most 32 (no "_", so that no two servers share a prefix).',
    },
    command: { type: 'string', minLength: 1, description: 'The program to spawn (stdio transport), looked up on PATH.' },
    args: { type: 'array', items: { type: 'string' }, description: 'Its arguments; absent: [].' },
    env: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Variables set for the server, over the minimal environment HOME, LOGNAME, PATH, SHELL, TERM, USER of the program.',
    },
    cwd: { type: 'string', minLength: 1, description: "The server's working directory, relative to the course directory; absent: the course directory." },
    startup_timeout_ms: { type: 'integer', minimum: 1, description: 'The budget of the initialize request; absent: 30000.' },
  },
} as const;
