import { describe, expect, it } from 'vitest';
import { firstShapeNote, shapeNote } from '../../grader/notes/core/difference-shapes.ts';
import type { Mismatch } from '../../grader/course/core/types.ts';

const value = (expected: unknown, received: unknown, path = 'results[0].content'): Mismatch => ({ kind: 'value', path, expected, received });

describe('shapeNote', () => {
  const table: [string, Mismatch, RegExp | undefined][] = [
    ['an extra is_error: false', { kind: 'unexpected', path: 'results[0].is_error', received: false }, /extra `is_error: false`/],
    ['a key present as null', { kind: 'unexpected', path: 'results[0].is_error', received: null }, /`is_error` is present with the value null: the key should be absent/],
    ['null expected, key left out', { kind: 'missing', path: 'final', expected: null }, /`final` must be present with the value null/],
    ['a missing final newline', value('done\n', 'done'), /lacks the final newline/],
    ['an extra final newline', value('done', 'done\n'), /extra newline/],
    ['a multi-line text without its last newline', value('1: a\n2: b\n', '1: a\n2: b'), /lacks the final newline/],
    ['every line without its newline', value('a\nb\nc\n', 'abc'), /every line lacks its trailing newline/],
    ['line numbers from 0', value('1: a\n2: b\n', '0: a\n1: b\n'), /every number that differs is off by one \(received 0 where 1 is expected\)/],
    ['a number off by one', value(3, 2, 'count'), /the number is off by one/],
    ['seconds for milliseconds', value('timed out after 250 ms', 'timed out after 250000 ms'), /1000 times too large/],
    ['milliseconds for seconds', value(2000, 2, 'ms'), /1000 times too small/],
    ['numbers that differ in no one way', value('1 and 5', '2 and 9'), undefined],
    ['a size in bytes counted in base64 characters', value('[image: image/png, 8 bytes]', '[image: image/png, 12 bytes]'), /12 is how many characters of base64 8 bytes take: the base64 text counted instead of the bytes it decodes to\?/],
    ['a size field counted in base64 characters', value(100, 136, 'results[0].size_bytes'), /136 is how many characters of base64 100 bytes take/],
    ['base64 sizes, but nothing says bytes', value('[image: image/png, 8 items]', '[image: image/png, 12 items]'), undefined],
    ['bytes one apart is off by one, not base64', value('3 bytes', '4 bytes'), /off by one/],
    ['bytes that are no base64 length', value('8 bytes', '13 bytes'), undefined],
    ['a value refused by its own limit', value('search "MCP": up to 100 results in en', 'ValidationError: 100 is greater than the maximum of 100 (path: max_results)'), /the received text refuses 100 as greater than the maximum of 100, a value equal to it: the limit itself is refused/],
    ['a value refused by its own minimum', value('ok', 'ValidationError: 0 is less than the minimum of 0 (path: n)'), /refuses 0 as less than the minimum of 0/],
    ['a value over its limit', value('ok', 'ValidationError: 500 is greater than the maximum of 100 (path: max_results)'), undefined],
    ['a refusal of the limit that is expected too', value('Error: 5 is greater than the maximum of 5', 'ValidationError: 5 is greater than the maximum of 5'), /lacks the beginning|extra beginning|beginning/],
    ['case only', value('Error: File not found: a', 'Error: file not found: a'), /only upper\/lower case differs/],
    ['whitespace only', value('a  b', 'a b'), /only whitespace differs/],
    ['trimmed', value('  hi there \n', 'hi there'), /trimmed/],
    ['line-number prefixes missing', value('1: a\n2: b\n', 'a\nb\n'), /every line lacks its line-number prefix \("1: " on the first\)/],
    ['an extra prefix on every line', value('a\nb', '> a\n> b'), /every line has an extra prefix \("> " on the first\)/],
    ['a one-line text without its line number', value('1: A', 'A'), /the line lacks its line-number prefix \("1: "\)/],
    ['a missing "Error: " prefix', value('Error: Parameter path is required', 'Parameter path is required'), /lacks the beginning "Error: "/],
    ['a missing final period', value('Successfully replaced text at exactly one location.', 'Successfully replaced text at exactly one location'), /stops short: it lacks the ending "\."/],
    ['an extra ending', value('hi', 'hi!!'), /goes on past the expected end: extra "!!"/],
    ['an extra beginning', value('unknown tool: x', 'Error: unknown tool: x'), /extra beginning "Error: "/],
    ['the same lines in another order', value('B.txt\na.txt\n', 'a.txt\nB.txt\n'), /same lines in another order/],
    ['CRLF normalised', value('a\r\nb\r\n', 'a\nb\n'), /"\\r\\n" became "\\n"/],
    ['a string for a boolean', value(true, 'true', 'results[0].is_error'), /a string where a boolean is expected \(the same true, as a string\)/],
    ['unrelated strings', value('Error: File not found: a', 'hello'), undefined],
    ['a missing result', { kind: 'missing', path: 'results[1]', expected: { content: 'x' } }, /^note: results lacks the result expected at results\[1\], and every result before it is as expected$/],
  ];
  it.each(table)('%s', (_, mismatch, note) => {
    const found = shapeNote(mismatch);
    if (note === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(note);
  });

  it('takes the first difference that has a shape', () => {
    expect(firstShapeNote([value('x', 'hello'), value('a\n', 'a')])).toMatch(/final newline/);
    expect(firstShapeNote([value('x', 'hello')])).toBeUndefined();
  });
});

describe('elements missing after matching ones', () => {
  const req = (n: number) => ({ messages: [{ role: 'user', content: `m${n}` }] });
  it('are named, and so is the fact that every element before them is as expected', () => {
    const all: Mismatch[] = [value('Finished.', null, 'final'), value('stop', 'max_turns', 'stop_reason'), { kind: 'missing', path: 'requests[1]', expected: req(1) }];
    expect(firstShapeNote(all)).toBe('note: requests lacks the request expected at requests[1], and every request before it is as expected');
    const two: Mismatch[] = [{ kind: 'missing', path: 'results[2]', expected: { content: 'c' } }, { kind: 'missing', path: 'results[3]', expected: { content: 'd' } }];
    expect(firstShapeNote(two)).toBe('note: results lacks the 2 results expected at results[2] and results[3], and every result before them is as expected');
  });
  it('are no such note when an element before them differs, one after them differs, or they are not in one run', () => {
    const changedBefore: Mismatch[] = [value('a', 'b', 'requests[0].messages[0].content'), { kind: 'missing', path: 'requests[1]', expected: req(1) }];
    expect(firstShapeNote(changedBefore) ?? '').not.toMatch(/before (it|them) is as expected/);
    const extraAfter: Mismatch[] = [{ kind: 'missing', path: 'events[1]', expected: { type: 'a' } }, value('b', 'c', 'events[2].type')];
    expect(firstShapeNote(extraAfter) ?? '').not.toMatch(/before (it|them) is as expected/);
    const gap: Mismatch[] = [{ kind: 'missing', path: 'results[1]', expected: { content: 'b' } }, { kind: 'missing', path: 'results[3]', expected: { content: 'd' } }];
    expect(firstShapeNote(gap) ?? '').not.toMatch(/before (it|them) is as expected/);
    const named: Mismatch[] = [{ kind: 'missing', path: 'results[1]', expected: { content: 'b' }, identity: 'call-2' } as Mismatch];
    expect(firstShapeNote(named) ?? '').not.toMatch(/before (it|them) is as expected/);
  });
});

describe('a host path in the received text', () => {
  it('is named, with the fix', () => {
    const note = shapeNote({ kind: 'value', path: 'results[0].content', expected: 'File created successfully at: a.txt', received: 'File created successfully at: /tmp/x/dispatch-AbC123/a.txt' });
    expect(note).toBe('note: the received text shows a host path ("/tmp/x/dispatch-AbC123/a…"): answer with the path as given, relative to the sandbox root, never the sandbox\'s directory on the host');
  });
  it('is no note when the expected text shows one too, or none is there', () => {
    expect(shapeNote({ kind: 'value', path: 'c', expected: 'in /tmp/a', received: 'in /tmp/b' }) ?? '').not.toMatch(/host path/);
    expect(shapeNote({ kind: 'value', path: 'c', expected: 'Error: File not found: /etc/x', received: 'Error: File not found: etc/x' }) ?? '').not.toMatch(/host path/);
  });
});
