import type { TurnCall, TurnRegistry, TurnResult } from '../harness/turn/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// The shapes of this stage, from harness/turn/types.ts: import them from here or from there.
export type { TurnCall, TurnRegistry, TurnResult } from '../harness/turn/types.ts';

// TODO(parallel-calls): `npx dispatch-lab show parallel-calls` walks you through it.
// 1. Your registry: keep each tool's `effect` and add get(name) returning the registered tool
//    (undefined for an unknown name). Declare the effects of your built-ins: echo, view, glob, grep,
//    add, web_search 'read'; create, str_replace, insert 'write'; bash 'exclusive'.
// 2. Each call's access: effect = registry.get(tool)?.effect, 'exclusive' when absent or unknown;
//    scope = input.path normalised ("a.txt", "./a.txt", "/a.txt" are one path), or the whole
//    sandbox when there is no string path.
// 3. Two calls conflict when either is exclusive, or at least one writes and their scopes overlap.
// 4. Start every call as soon as all EARLIER calls it conflicts with have finished (not before, not
//    later), through registry.execute; return [{id, result}] in call order.
export async function runTurn(registry: TurnRegistry, calls: TurnCall[]): Promise<TurnResult[]> {
  void [registry, calls];
  throw new NotImplementedError('runTurn in src/turn.ts');
}
