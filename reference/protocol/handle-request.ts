import type { ProtocolReply } from '../../harness/protocol/types.ts';
import { parseRequest } from './parse-request.ts';
import { WORKSPACE_TOOLS } from './workspace-tools.ts';
import { encodeResponse, protocolErrorResponse, toolResponse } from './encode-response.ts';

// The whole protocol: parse the request text, route the call to its tool, encode the response.
export async function handleProtocolRequest(requestText: string): Promise<ProtocolReply> {
  const request = parseRequest(requestText);
  if (typeof request === 'string') return encodeResponse(protocolErrorResponse(request));
  const outcome = WORKSPACE_TOOLS[request.tool](request.workspace, request.args);
  return encodeResponse(toolResponse(request, outcome));
}
