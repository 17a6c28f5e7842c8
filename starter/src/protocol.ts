import type { ProtocolReply } from '../harness/protocol/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(workspace-protocol): parse the request text, run the call over the workspace, encode the response.
export async function handleProtocolRequest(requestText: string): Promise<ProtocolReply> {
  void requestText;
  throw new NotImplementedError('handleProtocolRequest in src/protocol.ts');
}
