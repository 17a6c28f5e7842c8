import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Sdk } from './sdk.ts';

// One live connection to an MCP server, as the handlers of its tools see it.
export type McpSession = {
  // The server's name from its spec: the middle part of mcp__<server>__<tool>.
  server: string;
  client: Client;
  // The SDK, loaded by the time the session exists: its error classes and codes tell failures apart.
  sdk: Sdk;
  // The budget of each request after the handshake.
  timeoutMs: number;
  // True once the connection has ended (the server exited, or close() was called).
  isClosed(): boolean;
  // Resolves when every tool listing asked for so far has reached the registry.
  settled(): Promise<void>;
};
