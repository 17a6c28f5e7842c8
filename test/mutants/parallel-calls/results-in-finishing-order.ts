// Mutant: results are pushed in the order the calls finish.
// Replaces: reference/turn/run-turn.ts
// Caught by: results-in-call-order
import type { TurnCall, TurnRegistry, TurnResult } from '../../../harness/turn/types.ts';
import type { Access } from '../../../reference/turn/conflict.ts';
import { scopeOf } from '../../../reference/turn/scope.ts';
import { waitsFor } from '../../../reference/turn/schedule.ts';

// Runs one turn's calls: each starts as soon as every earlier call it conflicts with has finished,
// so independent calls overlap; the results come back in call order, each with its call's id.
export async function runTurn(registry: TurnRegistry, calls: TurnCall[]): Promise<TurnResult[]> {
  const waits = waitsFor(calls.map((call) => accessOf(registry, call)));
  const finished: Promise<unknown>[] = [];
  for (const [index, call] of calls.entries()) {
    const before = (waits[index] ?? []).map((earlier) => finished[earlier]);
    finished.push(Promise.all(before).then(() => registry.execute(call.tool, call.input)));
  }
  const done: TurnResult[] = [];
  await Promise.all(finished.map((promise, index) => promise.then((result) => done.push({ id: calls[index]?.id ?? '', result }))));
  return done;
}

// A call's access: its tool's effect (unknown tools and tools without one are exclusive) and its input's scope.
export function accessOf(registry: TurnRegistry, call: TurnCall): Access {
  return { effect: registry.get?.(call.tool)?.effect ?? 'exclusive', scope: scopeOf(call.input) };
}
