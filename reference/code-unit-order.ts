// Compares strings by UTF-16 code unit, the same on every machine (unlike localeCompare). Never 0:
// the names sorted (of one listing or walk) are unique, and Array.prototype.sort is stable and reads
// only whether the result is below 0, so "equal" and "after" sort alike.
export function byCodeUnit(a: string, b: string): number {
  // Stryker disable next-line EqualityOperator: `a <= b` differs only for equal strings, and the names sorted are unique
  return a < b ? -1 : 1;
}
