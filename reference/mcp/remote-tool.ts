import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema, ToolDefinition } from '../registry/types.ts';
import type { ToolOutput } from '../types.ts';
import type { McpSession } from './session.ts';
import type { SchemaCheck } from './schema-check.ts';
import { failure } from '../results.ts';
import { resultOf, type CallAnswer } from './call-result.ts';
import { callFailure } from './call-failure.ts';

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
      await session.settled();
      return result;
    },
  };
}

// One tools/call within the time budget; every way it can fail becomes an error result. Once the
// connection has closed, the SDK sends nothing and rejects at once ("Not connected"): disconnected.
async function callRemote(session: McpSession, name: string, input: Record<string, unknown>): Promise<ToolOutput> {
  try {
    // On timeout the SDK rejects the call and sends notifications/cancelled for it.
    const answer = await session.client.callTool({ name, arguments: input }, undefined, { timeout: session.timeoutMs });
    return resultOf(answer as CallAnswer);
  } catch (error) {
    return callFailure(session.server, error, session.timeoutMs, session.isClosed(), session.sdk);
  }
}
