// Mistake: a refused request answered with status "error" instead of "protocol_error"
// Replaces: reference/protocol/handle-request.ts
// Path: ^status$
// Note: protocol_error
export * from '../../../reference/protocol/handle-request.ts';
import { handleProtocolRequest as reference } from '../../../reference/protocol/handle-request.ts';

// The reference protocol with the two kinds of failure confused (the mistake).
export async function handleProtocolRequest(requestText: string) {
  const reply = await reference(requestText);
  return { ...reply, stdout: reply.stdout.replace('"status":"protocol_error"', '"status":"error"') };
}
