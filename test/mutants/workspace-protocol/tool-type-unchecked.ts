// Mutant: call.tool is not checked to be a string, so a number is unsupported_tool instead of missing_call.
// Replaces: reference/protocol/parse-request.ts
// Caught by: tool-not-a-string
import type { DispatchRequest, ProtocolErrorCode, Workspace } from '../../../reference/protocol/types.ts';
import { isToolName } from '../../../reference/protocol/workspace-tools.ts';

// Reads the request text into a DispatchRequest, checking in this order and stopping at the first
// problem: JSON → an object → op → workspace → call → tool → args. `null` counts as absent.
export function parseRequest(text: string): DispatchRequest | ProtocolErrorCode {
  const data = parseJson(text);
  if (!isObject(data)) return 'malformed_json';
  if (data.op !== 'dispatch') return 'unknown_op';
  const workspace = data.workspace ?? {};
  if (!isWorkspace(workspace)) return 'invalid_workspace';
  const call = data.call;
  if (!isObject(call)) return 'missing_call';
  const tool = call.tool as string;
  if (!isToolName(tool)) return 'unsupported_tool';
  const args = call.args ?? {};
  if (!isObject(args)) return 'invalid_args';
  return { workspace, tool, args };
}

// The parsed value, or undefined for text that is not JSON (JSON itself has no undefined).
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// An object whose every value is a string.
function isWorkspace(value: unknown): value is Workspace {
  return isObject(value) && Object.values(value).every((text) => typeof text === 'string');
}

// A plain JSON object: not null, not an array.
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
