// Where two shown values differ, as three parts each: what they share before, the part that differs, what they share after.

/** A value's text cut around the difference. */
export type Spans = { before: string; changed: string; after: string };

// The expected and received texts split so that `changed` holds what differs (never splitting a surrogate pair).
export function differenceSpans(expected: string, received: string): { expected: Spans; received: Spans } {
  const a = [...expected];
  const b = [...received];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const cut = (chars: string[]): Spans => ({
    before: chars.slice(0, start).join(''),
    changed: chars.slice(start, chars.length - end).join(''),
    after: chars.slice(chars.length - end).join(''),
  });
  return { expected: cut(a), received: cut(b) };
}

// A whole value as the part that differs (a missing or unexpected key).
export function wholeSpans(text: string): Spans {
  return { before: '', changed: text, after: '' };
}
