import { describe, expect, it } from 'vitest';
import { differenceSpans, wholeSpans } from '../../grader/ui/core/difference-spans.ts';

describe('differenceSpans', () => {
  it.each([
    ['"hello"', '"he1lo"', ['"he', 'l', 'lo"'], ['"he', '1', 'lo"']],
    ['"abc"', '"abcd"', ['"abc', '', '"'], ['"abc', 'd', '"']],
    ['1', '2', ['', '1', ''], ['', '2', '']],
    ['same', 'same', ['same', '', ''], ['same', '', '']],
    // A repeated letter is not counted twice: prefix and suffix never overlap.
    ['aa', 'aaa', ['aa', '', ''], ['aa', 'a', '']],
    // Astral characters are cut whole, never between their halves.
    ['"😀x"', '"😁x"', ['"', '😀', 'x"'], ['"', '😁', 'x"']],
  ])('%s against %s', (expected, received, e, r) => {
    const spans = differenceSpans(expected, received);
    expect([spans.expected.before, spans.expected.changed, spans.expected.after]).toEqual(e);
    expect([spans.received.before, spans.received.changed, spans.received.after]).toEqual(r);
    expect(spans.expected.before + spans.expected.changed + spans.expected.after).toBe(expected);
    expect(spans.received.before + spans.received.changed + spans.received.after).toBe(received);
  });

  it('marks a whole value as changed', () => {
    expect(wholeSpans('{"a":1}')).toEqual({ before: '', changed: '{"a":1}', after: '' });
  });
});
