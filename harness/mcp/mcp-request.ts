import type { McpServerSpec } from './types.ts';
import type { DispatchRequest } from '../dispatch-request.ts';
import { isObject } from '../request-fields.ts';
import { parseCallsRequest } from '../dispatch-request.ts';

// The stdin of `program.ts mcp`.
export type McpRequest = {
  // Files to seed the sandbox of the built-in tools with. Absent means an empty sandbox.
  sandbox: Record<string, string>;
  // The servers to connect to, in order.
  servers: McpServerSpec[];
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
  const servers = serversOf(data);
  if (typeof servers === 'string') return servers;
  const timeoutMs = data.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 1) return '"timeout_ms" must be a positive integer';
  const listTools = data.list_tools ?? false;
  if (typeof listTools !== 'boolean') return '"list_tools" must be a boolean';
  return { sandbox, servers, timeoutMs: timeoutMs as number, listTools, calls };
}

// The `servers` field: an array of {name, command, args?}, or what is wrong with it.
function serversOf(data: Record<string, unknown>): McpServerSpec[] | string {
  if (!Array.isArray(data.servers)) return '"servers" must be an array';
  const servers: McpServerSpec[] = [];
  for (const [index, server] of data.servers.entries()) {
    if (!isObject(server) || typeof server.name !== 'string' || server.name === '') return `servers[${index}].name must be a non-empty string`;
    if (typeof server.command !== 'string' || server.command === '') return `servers[${index}].command must be a non-empty string`;
    const args = server.args ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) return `servers[${index}].args must be an array of strings`;
    servers.push({ name: server.name, command: server.command, args: args as string[] });
  }
  return servers;
}
