import type { Access } from './conflict.ts';
import { conflicts } from './conflict.ts';

// For each call, the earlier calls it waits for: exactly those it conflicts with, in call order.
export function waitsFor(accesses: readonly Access[]): number[][] {
  return accesses.map((access, index) => accesses.slice(0, index).flatMap((earlier, before) => (conflicts(earlier, access) ? [before] : [])));
}
