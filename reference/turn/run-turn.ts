// PLACEHOLDER: replaced by the stage's own module.
import type { TurnCall, TurnResult } from '../../harness/turn/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
export async function runTurn(registry: ToolRegistry, calls: TurnCall[]): Promise<TurnResult[]> {
  void [registry, calls];
  throw new Error('reference not written yet');
}
