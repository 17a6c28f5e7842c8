import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Sdk } from './sdk.ts';
import type { ToolOutput } from '../types.ts';
import { failure } from '../results.ts';

// The error results of a call that got no answer: the texts of the stage's contract.

// The server process is gone: it exited during the call, or before it.
export function disconnected(server: string): ToolOutput {
  return failure(`Error: MCP server ${server} disconnected`);
}

// Why a tools/call request failed, as an error result. `isClosed`: the connection has ended; `sdk`: the loaded SDK.
export function callFailure(server: string, error: unknown, timeoutMs: number, isClosed: boolean, sdk: Pick<Sdk, 'McpError' | 'ErrorCode'>): ToolOutput {
  const { McpError, ErrorCode } = sdk;
  // A connection that closed during the call (McpError ConnectionClosed) has run client.onclose before the call rejects.
  if (isClosed) return disconnected(server);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return failure(`Error: MCP server ${server} did not answer within ${timeoutMs} ms; the call was cancelled`);
  }
  if (error instanceof McpError) {
    return failure(`Error: MCP server ${server} answered with JSON-RPC error ${error.code}: ${serverMessage(error)}`);
  }
  return failure(`Error: MCP call failed: ${error instanceof Error ? error.message : String(error)}`);
}

// The message the server sent: the SDK's McpError puts "MCP error <code>: " in front of it.
function serverMessage(error: McpError): string {
  const prefix = `MCP error ${error.code}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
