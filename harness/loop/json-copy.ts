// A deep copy of a value as it would print: what a recording keeps must not change when the
// runner later mutates the object it passed (undefined fields drop out, as in the output).
export function jsonCopy(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}
