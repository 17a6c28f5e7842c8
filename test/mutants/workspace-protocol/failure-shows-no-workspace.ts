// Mutant: a tool failure answers without the workspace.
// Replaces: reference/protocol/encode-response.ts
// Caught by: patch-not-found-keeps-workspace
import type { ProtocolReply } from '../../../harness/protocol/types.ts';
import type { DispatchRequest, ProtocolErrorCode, ProtocolResponse, ToolOutcome } from '../../../reference/protocol/types.ts';

// The response to a request that reached its tool: keys in sorted order, the workspace after the call.
export function toolResponse(request: DispatchRequest, outcome: ToolOutcome): ProtocolResponse {
  if (outcome.status === 'ok') {
    return { observation: outcome.observation, status: 'ok', tool: request.tool, workspace: outcome.workspace };
  }
  return { error: outcome.error, status: 'error', tool: request.tool } as unknown as ProtocolResponse;
}

// The response to a request refused before any tool ran.
export function protocolErrorResponse(error: ProtocolErrorCode): ProtocolResponse {
  return { error, status: 'protocol_error' };
}

// One JSON line; exit 1 for a protocol failure, 0 for every answered call (ok or a tool's error).
export function encodeResponse(response: ProtocolResponse): ProtocolReply {
  return { stdout: `${JSON.stringify(response)}\n`, exitCode: response.status === 'protocol_error' ? 1 : 0 };
}
