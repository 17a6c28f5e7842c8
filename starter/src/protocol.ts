import type { ProtocolReply } from '../harness/protocol/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// The wire protocol (stage workspace-protocol: `npx dispatch-lab show workspace-protocol`).
// program.ts passes the raw stdin text here untouched, prints `stdout` exactly as you return it
// and exits with `exitCode`.
// TODO(workspace-protocol): split it into three steps, e.g.
//   parse:  text → {workspace, tool, args}, or a protocol error code, in the stage's check order
//           (malformed_json, unknown_op, invalid_workspace, missing_call, unsupported_tool, invalid_args);
//   route:  read_file / write_file / patch_file over the in-memory workspace (path → text);
//           reuse your line numbering from stage view for read_file;
//   encode: {observation, status: "ok", tool, workspace} or {error, status: "error", tool, workspace}
//           with exit code 0, {error, status: "protocol_error"} with exit code 1; one JSON line.
export async function handleProtocolRequest(requestText: string): Promise<ProtocolReply> {
  void requestText;
  throw new NotImplementedError('handleProtocolRequest in src/protocol.ts');
}
