import type { McpServerSpec } from './types.ts';
import type { DispatchRequest } from '../dispatch-request.ts';
import { parseCallsRequest } from '../dispatch-request.ts';
import { serverEntries } from './server-entries.ts';

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

const DEFAULT_TIMEOUT_MS = 1000;

// Parses the mcp stdin, or returns a one-line description of what is wrong with it.
export function parseMcpRequest(text: string): McpRequest | string {
  const request = parseCallsRequest(text);
  if (typeof request === 'string') return request;
  const { sandbox, calls, fields: data } = request;
  const servers = serverEntries(data.servers);
  if (typeof servers === 'string') return servers;
  const timeoutMs = data.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 1) return '"timeout_ms" must be a positive integer';
  const listTools = data.list_tools ?? false;
  if (typeof listTools !== 'boolean') return '"list_tools" must be a boolean';
  return { sandbox, servers, timeoutMs: timeoutMs as number, listTools, calls };
}
