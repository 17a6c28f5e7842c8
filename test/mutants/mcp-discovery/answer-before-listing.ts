// Mutant: the handler returns the answer without waiting for the listing a list_changed started, so the next call sees the old list.
// Replaces: reference/mcp/remote-tool.ts
// Caught by: list-changed-add,withdrawn-tool,list-changed-schema
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema, ToolDefinition } from '../../../reference/registry/types.ts';
import type { ToolOutput } from '../../../reference/types.ts';
import type { McpSession } from '../../../reference/mcp/session.ts';
import type { SchemaCheck } from '../../../reference/mcp/schema-check.ts';
import { failure } from '../../../reference/results.ts';
import { resultOf } from '../../../reference/mcp/call-result.ts';
import { callFailure, disconnected } from '../../../reference/mcp/call-failure.ts';

// A discovered tool as a registry tool under its model-safe `name`: the server's description and
// input schema, and a handler that sends tools/call. The registry validates the input with the
// rules of validate-args before the handler runs; the handler then checks it against the whole
// schema (`check`, ajv) and sends nothing when it fails.
export function remoteTool(session: McpSession, tool: Tool, name: string, check: SchemaCheck): ToolDefinition {
  return {
    name,
    description: tool.description ?? '',
    parameters: tool.inputSchema as JsonSchema,
    handler: async (input) => {
      const problem = check(input);
      if (problem !== undefined) return failure(`ValidationError: ${problem}`);
      const result = await callRemote(session, tool.name, input);
      // A list_changed sent before this answer has started a new listing: let it reach the
      // registry before the next call is looked up and validated.
      return result;
    },
  };
}

// One tools/call within the time budget; every way it can fail becomes an error result.
async function callRemote(session: McpSession, name: string, input: Record<string, unknown>): Promise<ToolOutput> {
  if (session.isClosed()) return disconnected(session.server);
  try {
    // On timeout the SDK rejects the call and sends notifications/cancelled for it.
    const answer = await session.client.callTool({ name, arguments: input }, undefined, { timeout: session.timeoutMs });
    return resultOf(answer as { content: unknown[]; structuredContent?: unknown; isError?: boolean });
  } catch (error) {
    return callFailure(session.server, error, session.timeoutMs, session.isClosed(), session.sdk);
  }
}
