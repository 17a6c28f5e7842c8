// Mistake: results are pushed as the calls finish, so a slow call's result comes after a later quick one
// Replaces: reference/turn/run-turn.ts
// Path: ^results
// Note: another order|results\[i\] answers calls\[i\]
export * from '../../../reference/turn/run-turn.ts';
import type { TurnCall, TurnRegistry, TurnResult } from '../../../harness/turn/types.ts';
import { accessOf } from '../../../reference/turn/run-turn.ts';
import { waitsFor } from '../../../reference/turn/schedule.ts';

// The reference scheduler, collecting each result when its call finishes (the mistake).
export async function runTurn(registry: TurnRegistry, calls: TurnCall[]): Promise<TurnResult[]> {
  const waits = waitsFor(calls.map((call) => accessOf(registry, call)));
  const finished: Promise<unknown>[] = [];
  const results: TurnResult[] = [];
  for (const [index, call] of calls.entries()) {
    const before = (waits[index] ?? []).map((earlier) => finished[earlier]);
    finished.push(Promise.all(before).then(async () => {
      const result = await registry.execute(call.tool, call.input);
      results.push({ id: call.id, result });
      return result;
    }));
  }
  await Promise.all(finished);
  return results;
}
