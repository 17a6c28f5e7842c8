// Mutant: a JSON-RPC error is reported with the SDK's message as it is, "MCP error <code>: " included.
// Replaces: reference/mcp/call-failure.ts
// Caught by: json-rpc-error
import type { Sdk } from '../../../reference/mcp/sdk.ts';
import type { ToolOutput } from '../../../reference/types.ts';
import { failure } from '../../../reference/results.ts';

// The error results of a call that got no answer: the texts of the stage's contract.

// The server process is gone: it exited during the call, or before it.
export function disconnected(server: string): ToolOutput {
  return failure(`Error: MCP server ${server} disconnected`);
}

// Why a tools/call request failed, as an error result. `isClosed`: the connection has ended; `sdk`: the loaded SDK.
export function callFailure(server: string, error: unknown, timeoutMs: number, isClosed: boolean, sdk: Pick<Sdk, 'McpError' | 'ErrorCode'>): ToolOutput {
  const { McpError, ErrorCode } = sdk;
  if (isClosed || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) return disconnected(server);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return failure(`Error: MCP server ${server} did not answer within ${timeoutMs} ms; the call was cancelled`);
  }
  if (error instanceof McpError) {
    return failure(`Error: MCP server ${server} answered with JSON-RPC error ${error.code}: ${error.message}`);
  }
  return failure(`Error: MCP call failed: ${error instanceof Error ? error.message : String(error)}`);
}
