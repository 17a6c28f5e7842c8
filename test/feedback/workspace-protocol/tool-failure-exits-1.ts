// Mistake: a tool that ran and failed (status "error") also exits 1, as a refused request does
// Replaces: reference/protocol/encode-response.ts
// Path: ^exitCode$
// Note: exit code 0
export * from '../../../reference/protocol/encode-response.ts';
import type { ProtocolReply } from '../../../harness/protocol/types.ts';
import type { ProtocolResponse } from '../../../reference/protocol/types.ts';

// One JSON line; exit 1 for every failure, the tool's own included (the mistake).
export function encodeResponse(response: ProtocolResponse): ProtocolReply {
  return { stdout: `${JSON.stringify(response)}\n`, exitCode: response.status === 'ok' ? 0 : 1 };
}
