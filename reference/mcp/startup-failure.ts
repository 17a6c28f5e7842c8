import type { Sdk } from './sdk.ts';

// The step of connecting a server that failed: the handshake's request, or the first listing.
export type StartupStep = 'initialize' | 'tools/list';

// Why a server contributes no tools, as the message connectMcp rejects with (the harness prints it
// in server_errors). `budgetMs`: the budget of that step; `isClosed`: the connection has ended.
export function startupFailure(server: string, step: StartupStep, error: unknown, budgetMs: number, isClosed: boolean, sdk: Pick<Sdk, 'McpError' | 'ErrorCode'>): string {
  const { McpError, ErrorCode } = sdk;
  if (isSpawnError(error)) return `MCP server ${server} could not be started: ${error.message}`;
  // A connection that closed (McpError ConnectionClosed) has run client.onclose before the request rejects.
  if (isClosed) return `MCP server ${server} exited before answering ${step}`;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return `MCP server ${server} did not answer ${step} within ${budgetMs} ms`;
  if (error instanceof McpError) {
    const prefix = `MCP error ${error.code}: `;
    const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `MCP server ${server} answered ${step} with JSON-RPC error ${error.code}: ${message}`;
  }
  return `MCP server ${server} failed at ${step}: ${error instanceof Error ? error.message : String(error)}`;
}

// The error of a spawn that did not happen (no such command, not executable, no such cwd): node's
// system error, whose syscall is "spawn <command>".
function isSpawnError(error: unknown): error is Error {
  const syscall = error instanceof Error ? (error as NodeJS.ErrnoException).syscall : undefined;
  return syscall !== undefined && syscall.startsWith('spawn');
}
