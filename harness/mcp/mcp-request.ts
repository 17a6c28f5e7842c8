import type { McpServerSpec } from './types.ts';
import type { FromSchema, InputSchema } from '../input-schema.ts';
import { callList, type DispatchRequest } from '../dispatch-request.ts';
import { readInput } from '../input-reader.ts';
import { CALLS, SANDBOX } from '../request-fields.ts';
import { SERVER_SPEC_SCHEMA } from './server-spec-schema.ts';
import { serverList } from './server-entries.ts';

// The input of `program.ts mcp` (stage mcp-discovery): dispatch's, plus the servers to connect to and the budgets.
export const MCP_INPUT = {
  type: 'object',
  description: 'Builds the registry, connects every server with the solution\'s connectMcp, runs the calls through registry.execute, prints {"server_errors"?, "tools"?, "results"}.',
  additionalProperties: false,
  required: ['servers', 'calls'],
  properties: {
    sandbox: SANDBOX,
    calls: CALLS,
    servers: { type: 'array', items: SERVER_SPEC_SCHEMA, errorMessage: { type: 'must be an array' } },
    timeout_ms: { type: 'integer', minimum: 1, default: 1000, errorMessage: 'must be a positive integer' },
    list_tools: { type: 'boolean', default: false },
  },
  examples: [{ servers: [{ name: 'course', command: 'node', args: ['harness/mcp/course-server.mjs'] }], calls: [] }],
} as const satisfies InputSchema;

// The stdin of `program.ts mcp`.
export type McpRequest = {
  // Files to seed the sandbox of the built-in tools with. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // The servers to connect to, in order, each with the budget of its initialize request.
  servers: { spec: McpServerSpec; startupTimeoutMs: number }[];
  // Budget of each request after the handshake; 1000 when absent.
  timeoutMs: number;
  // Print the discovered tools' descriptors (after the calls) beside the results.
  listTools: boolean;
  // Tool calls, run in order through the registry.
  calls: DispatchRequest['calls'];
};

// Parses the mcp stdin, or returns a one-line description of what is wrong with it.
export function parseMcpRequest(text: string): McpRequest | string {
  const data = readInput(MCP_INPUT, text) as FromSchema<typeof MCP_INPUT> | string;
  if (typeof data === 'string') return data;
  const servers = serverList(data.servers);
  if (typeof servers === 'string') return servers;
  return { sandbox: data.sandbox, servers, timeoutMs: data.timeout_ms, listTools: data.list_tools, calls: callList(data.calls) };
}
