import type { Access } from './conflict.ts';
import { conflicts } from './conflict.ts';

// For each call, the earlier calls it waits for: exactly those it conflicts with, in call order.
// (runTurn looks each index up among the calls it has already started, so an index that is not an
// earlier call's would be no wait at all; test/reference/turn-rule.test.ts pins this function's answers.)
export function waitsFor(accesses: readonly Access[]): number[][] {
  return accesses.map((access, index) => {
    // Stryker disable next-line MethodExpression: equivalent in runTurn, where a later index (or the call's own) waits for nothing
    const earlier = [...accesses.keys()].slice(0, index);
    return earlier.filter((before) => conflicts(accesses[before] as Access, access));
  });
}
