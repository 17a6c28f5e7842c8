// Mutant: each call waits only for the latest earlier call it conflicts with.
// Replaces: reference/turn/schedule.ts
// Caught by: waits-for-every-earlier-conflict
import type { Access } from '../../../reference/turn/conflict.ts';
import { conflicts } from '../../../reference/turn/conflict.ts';

// For each call, the earlier calls it waits for: exactly those it conflicts with, in call order.
export function waitsFor(accesses: readonly Access[]): number[][] {
  return accesses.map((access, index) => {
    const all = accesses.slice(0, index).flatMap((earlier, before) => (conflicts(earlier, access) ? [before] : []));
    return all.slice(-1);
  });
}
