// PLACEHOLDER: replaced by the stage's own module.
import type { ProtocolReply } from '../../harness/protocol/types.ts';
export async function handleProtocolRequest(requestText: string): Promise<ProtocolReply> {
  void requestText;
  throw new Error('reference not written yet');
}
