import type { TurnCall, TurnResult } from '../harness/turn/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(parallel-calls): overlap the calls that may overlap; results in call order, with their ids.
export async function runTurn(registry: Registry, calls: TurnCall[]): Promise<TurnResult[]> {
  void [registry, calls];
  throw new NotImplementedError('runTurn in src/turn.ts');
}
