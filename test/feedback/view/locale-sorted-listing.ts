// Mistake: names sorted with localeCompare instead of by code unit
// Replaces: reference/code-unit-order.ts
// Path: ^results\[\d+\]\.content$
// Note: another order|sort
export * from '../../../reference/code-unit-order.ts';
// The locale's order (the mistake).
export function byCodeUnit(a: string, b: string): number {
  return a.localeCompare(b);
}
