// Mistake: the session always ends with stop_reason "stop", also at the turn limit
// Replaces: reference/loop/run-loop.ts
// Path: ^stop_reason$
// Note: max_turns
export * from '../../../reference/loop/run-loop.ts';
import { runLoop as reference } from '../../../reference/loop/run-loop.ts';

// The reference loop whose outcome never says max_turns (the mistake).
export async function runLoop(...args: Parameters<typeof reference>) {
  const outcome = await reference(...args);
  return { ...outcome, stopReason: 'stop' as const };
}
