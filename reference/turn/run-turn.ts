import type { TurnCall, TurnRegistry, TurnResult } from '../../harness/turn/types.ts';
import type { Access } from './conflict.ts';
import { scopeOf } from './scope.ts';
import { waitsFor } from './schedule.ts';

// Runs one turn's calls: each starts as soon as every earlier call it conflicts with has finished,
// so independent calls overlap; the results come back in call order, each with its call's id.
export async function runTurn(registry: TurnRegistry, calls: TurnCall[]): Promise<TurnResult[]> {
  const waits = waitsFor(calls.map((call) => accessOf(registry, call)));
  const finished: Promise<unknown>[] = [];
  for (const [index, call] of calls.entries()) {
    const before = (waits[index] as number[]).map((earlier) => finished[earlier]);
    finished.push(Promise.all(before).then(() => registry.execute(call.tool, call.input)));
  }
  const results = await Promise.all(finished);
  return calls.map((call, index) => ({ id: call.id, result: results[index] }));
}

// A call's access: its tool's effect (unknown tools and tools without one are exclusive) and its input's scope.
export function accessOf(registry: TurnRegistry, call: TurnCall): Access {
  return { effect: registry.get?.(call.tool)?.effect ?? 'exclusive', scope: scopeOf(call.input) };
}
