// Every generic note held against the differences that must give it and the near misses that must not: a note says
// what the whole set of differences of a case entails, and names a cause only where that shape admits one. Each row is
// an expected and a received document, compared as the judge compares them (jsonDiff), so the note reads every
// difference of the case, not one alone.
import { describe, expect, it } from 'vitest';
import { firstShapeNote } from '../../grader/notes/core/difference-shapes.ts';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';

const note = (expected: unknown, received: unknown) => firstShapeNote(jsonDiff(expected, received));
const content = (...texts: string[]) => ({ results: texts.map((c) => ({ content: c })) });
const user = { role: 'user', content: 'hi' };
const assistant = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] };
const tool = { role: 'tool', name: 'echo', tool_call_id: 'c1', content: '{"content":"x","ok":true}' };
// A tool-loop document: the messages of two requests, and the message count each model request reported.
const loop = (second: unknown[], count: number) => ({ requests: [{ messages: [user] }, { messages: second }], events: [{ payload: { message_count: 1 } }, { payload: { message_count: count } }] });

/** [what, expected document, received document, the note it must give (a RegExp), or the note family it must not give ({ not })]. */
type Row = [string, unknown, unknown, RegExp | { not: RegExp }];

const OFF_BY_ONE: Row[] = [
  ['numbered from 0: the cause follows', content('1: A'), content('0: A'), /^note: the number is off by one \(received 0 where 1 is expected\): counting from 0 instead of 1/],
  ['every line numbered from 0', content('1: a\n2: b'), content('0: a\n1: b'), /every number that differs is off by one .*counting from 0/],
  ['two counts, no 0 or 1: the observation only', { count: 3 }, { count: 2 }, /^note: the number is off by one \(received 2 where 3 is expected\)$/],
  ['"Found 3 matches" for 2: no counting-from-0 cause', content('Error: Found 2 matches'), content('Error: Found 3 matches'), { not: /counting from 0/ }],
  ['a 0-for-1 beside another difference: no cause', content('1: A', 'Error: File not found: b'), content('0: A', 'Error: file not found: b'), /^note: the number is off by one \(received 0 where 1 is expected\)$/],
  ['numbers shifted two ways', content('1 and 5'), content('0 and 6'), { not: /off by one/ }],
  ['a count beside a missing message: explained by it', loop([user, assistant, tool], 3), loop([user, tool], 2), /^note: message_count is 2, not 3: one assistant message is missing \(requests\[1\]\.messages\[1\]\)$/],
  ['a count beside a missing message: never off by one', loop([user, assistant, tool], 3), loop([user, tool], 2), { not: /off by one/ }],
  ['a count beside an extra element', { results: [{ content: 'a' }], result_count: 1 }, { results: [{ content: 'a' }, { content: 'b' }], result_count: 2 }, /^note: result_count is 2, not 1: one result is not expected \(results\[1\]\)$/],
  ['a number beside a missing element it does not count', { items: ['a', 'b', 'c'], turns: 3 }, { items: ['a', 'c'], turns: 2 }, { not: /off by one|turns is/ }],
  ['a count the missing elements do not make up', loop([user, assistant, tool], 3), loop([user, tool], 1), { not: /off by one|message_count is/ }],
];

const FACTOR: Row[] = [
  ['ms for s in a text', content('timed out after 250 ms'), content('timed out after 250000 ms'), /1000 times too large/],
  ['s for ms', { ms: 2000 }, { ms: 2 }, /1000 times too small/],
  ['one number ×1000, another not', content('1 s, 2 ms'), content('1000 s, 3 ms'), { not: /1000 times/ }],
  ['×1000 beside a missing element', { results: [{ ms: 2 }, { ms: 3 }], b: ['x', 'y'] }, { results: [{ ms: 2000 }, { ms: 3000 }], b: ['y'] }, { not: /1000 times/ }],
];

const ROUNDED: Row[] = [
  ['a number rounded to one decimal', content('Error: Command timed out after 0.25 seconds'), content('Error: Command timed out after 0.3 seconds'), /^note: the number is 0\.25 rounded to 1 decimal \(received 0\.3\): a number formatted \(toFixed, Math\.round\) where it belongs as it is\?$/],
  ['a number cut to a whole one', { seconds: 2.75 }, { seconds: 2 }, /^note: the number is 2\.75 cut to a whole number \(received 2\): a number formatted \(toFixed, Math\.round\) where it belongs as it is\?$/],
  ['a number rounded beside one that is not', content('0.25 and 0.5'), content('0.3 and 0.7'), { not: /rounded|cut to/ }],
  ['a number that is no rounding of the expected one', content('after 0.25 seconds'), content('after 0.4 seconds'), { not: /rounded|cut to/ }],
  ['a whole number one off is off by one, not rounded', content('after 3 seconds'), content('after 2 seconds'), { not: /rounded|cut to/ }],
];

const EMPTY_VALUES: Row[] = [
  ['a key left out where "" is expected', { messages: [{ role: 'assistant', content: '' }] }, { messages: [{ role: 'assistant' }] }, /^note: `content` must be present as "" \(an empty string\), not left out$/],
  ['a key left out where [] is expected', { tool_calls: [] }, {}, /^note: `tool_calls` must be present as \[\] \(an empty list\), not left out$/],
  ['a key left out where a text is expected: no such note', { messages: [{ content: 'hi' }] }, { messages: [{}] }, { not: /must be present as/ }],
];

const LINES: Row[] = [
  ['without its last line', content('1: A\n2: B\n3: C'), content('1: A\n2: B'), /^note: the received text is the expected text without its last line \("3: C"\)$/],
  ['without its last 2 lines', content('1: A\n2: B\n3: C\n'), content('1: A\n'), /without its last 2 lines \(from "2: B"\)/],
  ['one line for none', content('1: A'), content(''), /^note: the received text is empty: the expected text without its only line \("1: A"\)$/],
  ['without its first line', content('1: A\n2: B'), content('2: B'), /without its first line \("1: A"\)/],
  ['an extra last line', content('a\nb\n'), content('a\nb\nc\n'), /with an extra last line \("c"\)/],
  ['an extra first line', content('b\nc'), content('a\nb\nc'), /with an extra first line \("a"\)/],
  ['the last line changed, not missing', content('1: A\n2: B'), content('1: A\n2: C'), { not: /without its|extra (last|first) line/ }],
  ['a line short and the final newline lost', content('a\nb\n'), content('a'), { not: /without its last line/ }],
  ['a line where nothing is expected', content(''), content('Error: x'), { not: /extra (last|first) line/ }],
];

const TEXT: Row[] = [
  ['case only', content('Error: File not found: a'), content('Error: file not found: a'), /only upper\/lower case differs/],
  ['case and a letter', content('Error: File not found: a'), content('error: file not found: b'), { not: /upper\/lower case/ }],
  ['whitespace only', content('a  b'), content('a b'), /only whitespace differs/],
  ['whitespace and a letter', content('a  b'), content('a c'), { not: /whitespace/ }],
  ['a missing beginning', content('Error: Parameter path is required'), content('Parameter path is required'), /lacks the beginning "Error: "/],
  ['a missing beginning and another ending', content('Error: Parameter path is required'), content('Parameter path is missing'), { not: /lacks the beginning|stops short/ }],
  ['every line without its number', content('1: a\n2: b'), content('a\nb'), /every line lacks its line-number prefix/],
  ['one line without its number', content('1: a\n2: b'), content('a\n2: b'), { not: /every line/ }],
  ['a missing final newline', content('done\n'), content('done'), /lacks the final newline/],
  ['another text without a newline', content('done\n'), content('gone'), { not: /newline/ }],
  ['an extra is_error: false', content('a'), { results: [{ content: 'a', is_error: false }] }, /extra `is_error: false`/],
  ['an extra is_error: true', content('a'), { results: [{ content: 'a', is_error: true }] }, { not: /is_error: false/ }],
];

// One edit inside a text (a word for another, a piece left out or added in the middle): the observation, never a cause,
// and only where the rest of the text is the same and outweighs the edit.
const EDIT: Row[] = [
  ['a word for another', content('File written: a.txt'), content('File saved: a.txt'), /^note: the received text has "saved" where the expected text has "written" \(the rest is the same\)$/],
  ['a letter left out of a word: the whole word shown', content('No files found'), content('No file found'), /^note: the received text has "file" where the expected text has "files" \(the rest is the same\)$/],
  ['a piece added in the middle', content("'now' is not allowed (path: now)"), content("'now' is not allowed (path: $.now)"), /^note: the received text has an extra "\$\." after "\(path: " \(the rest is the same\)$/],
  ['a piece left out in the middle', content('a.txt, b.txt and c.txt'), content('a.txt b.txt and c.txt'), /^note: the received text lacks "," after "a\.txt" \(the rest is the same\)$/],
  ['the same values without their quotes', content('"it" is not one of "en", "es", "fr" (path: language)'), content('"it" is not one of en, es, fr (path: language)'), /^note: the received text has "en, es, fr" where the expected text has .*: the same without its "\\"" characters \(the rest is the same\)$/],
  ['quotes left out in several places', content('ValidationError: "it" is not one of "en", "es", "fr" (path: language)'), content('ValidationError: it is not one of en, es, fr (path: language)'), /^note: the received text is the expected text without any of its "\\"" characters \(the values written bare, not as JSON\?\)$/],
  ["single quotes left out in several places", content("'a' and 'b' are not allowed"), content('a and b are not allowed'), /^note: the received text is the expected text without any of its "'" characters/],
  ['quotes added in several places', content('it is not one of en, es'), content('"it" is not one of "en", "es"'), /^note: the received text is the expected text with "\\"" characters added around its words \(values written as JSON where they belong bare\?\)$/],
  ['quotes left out and a word changed besides', content('"it" is not one of "en", "es"'), content('it is not any of en, es'), { not: /without any of its|characters added/ }],
  ['a letter left out in several places: no quote note', content('a-b-c and d-e'), content('abc and de'), { not: /without any of its|not as JSON/ }],
  ['two edits far apart: no one edit to name', content('File written: a.txt'), content('File saved: b.txt'), { not: /where the expected text has|the rest is the same/ }],
  ['an edit bigger than what stays the same', content('Error: a'), content('Error: something else entirely'), { not: /the rest is the same/ }],
  ['a word changed at the very end', content('Parameter path is required'), content('Parameter path is missing'), /has "missing" where the expected text has "required"/],
];

const HOST_PATH: Row[] = [
  ['the path given, as the host path', content('File created successfully at: a.txt'), content('File created successfully at: /tmp/x/dispatch-AbC123/a.txt'), /shows a host path/],
  ['a host path inside another message', content('Error: File not found: a.txt'), content("Error: ENOENT: no such file or directory, open '/tmp/dispatch-AbC123/a.txt'"), { not: /host path/ }],
  ['a host path for another file', content('File created successfully at: a.txt'), content('File created successfully at: /tmp/dispatch-AbC123/b.txt'), { not: /host path/ }],
];

const ORDER: Row[] = [
  ['the same results in another order', content('a', 'b'), content('b', 'a'), /^note: the same results in another order: results\[i\] must answer calls\[i\]/],
  ['reordered by id, and a field differs too', { items: [{ id: 'a', v: 1 }, { id: 'b', v: 2 }] }, { items: [{ id: 'b', v: 2 }, { id: 'a', v: 3 }] }, /^note: the items are in another order, and some of them differ besides/],
  ['sorted as localeCompare sorts: the cause follows', content('B.txt\na.txt\n'), content('a.txt\nB.txt\n'), /localeCompare/],
  ['the same lines in another order, not sorted', content('a\nb\nc'), content('c\na\nb'), /^note: the same lines in another order$/],
  ['numbered lines whose texts swapped, numbers in place', content('1: a\n2: b\n3: c\n'), content('1: b\n2: a\n3: c\n'), /^note: the same line texts in another order, numbered in place: line 1 is "b" where "a" is expected$/],
  ['numbered lines, one text changed: no order', content('1: a\n2: b\n'), content('1: a\n2: c\n'), { not: /another order/ }],
  ['numbered lines, texts swapped and numbers changed: no order', content('1: a\n2: b\n'), content('1: b\n3: a\n'), { not: /numbered in place/ }],
  ['one result moved while one is missing: the observation only', content('a', 'b', 'c'), content('b', 'a'), /^note: the result expected at \[0\] is at \[1\], and other results differ besides$/],
  ['one result moved while another differs: the observation only', { results: [{ content: 'no match', is_error: true }, { content: 'ok' }, { content: 'v1' }] }, { results: [{ content: 'ok' }, { content: 'no match', is_error: true }, { content: 'v2' }] }, /^note: the result expected at \[0\] is at \[1\], and other results differ besides$/],
  ['one result moved while another differs: no order cause', { results: [{ content: 'no match', is_error: true }, { content: 'ok' }, { content: 'v1' }] }, { results: [{ content: 'ok' }, { content: 'no match', is_error: true }, { content: 'v2' }] }, { not: /check the order/ }],
];

const SIZES_AND_LIMITS: Row[] = [
  ['a size counted in base64 characters', content('[image: image/png, 8 bytes]'), content('[image: image/png, 12 bytes]'), /^note: 12 is how many characters of base64 8 bytes take: the base64 text counted instead of the bytes it decodes to\?$/],
  ['bytes off by one: no base64', content('3 bytes'), content('4 bytes'), { not: /base64/ }],
  ['12 for 8 of something else: no base64', content('8 items'), content('12 items'), { not: /base64/ }],
  ['a value refused by the limit it equals', content('search: up to 100 results'), { results: [{ content: 'ValidationError: 100 is greater than the maximum of 100 (path: n)', is_error: true }] }, /^note: the received text refuses 100 as greater than the maximum of 100, a value equal to it: the limit itself is refused \(>= where > belongs\?\)$/],
  ['a value refused over its limit: no such note', content('search: up to 500 results'), { results: [{ content: 'ValidationError: 500 is greater than the maximum of 100 (path: n)', is_error: true }] }, { not: /limit itself/ }],
];

const request = (n: number) => ({ messages: [{ role: 'user', content: `turn ${n}` }] });
const MISSING_ELEMENTS: Row[] = [
  ['a session one request short', { stop_reason: 'stop', requests: [request(1), request(2)] }, { stop_reason: 'max_turns', requests: [request(1)] }, /^note: requests lacks the request expected at requests\[1\], and every request before it is as expected$/],
  ['a request missing while the one before it differs', { requests: [request(1), request(2)] }, { requests: [request(3)] }, { not: /before it is as expected/ }],
  ['a list named by a verb: no noun made of it', { asked: [{ tool: 'a' }, { tool: 'b' }] }, { asked: [{ tool: 'a' }] }, /^note: asked lacks the element expected at asked\[1\], and every element before it is as expected$/],
  ['a result left out in the middle', content('a', 'b', 'c'), content('a', 'c'), { not: /lacks the results? expected at results\[2\]/ }],
];

// A refusal of an argument the call did send: read against the case's input (calls[i] answered by results[i]).
const calls = (...inputs: Record<string, unknown>[]) => ({ calls: inputs.map((input) => ({ tool: 't', input })) });
/** [what, the case's input, expected document, received document, the note it must give, or the note family it must not give]. */
type SentRow = [string, unknown, unknown, unknown, RegExp | { not: RegExp }];
const SENT_ARGUMENTS: SentRow[] = [
  ['a sent string refused as missing', calls({ path: 'a.txt', file_text: 'new' }), content('File created successfully at: a.txt'), content('Error: Parameter file_text is required'), /^note: the received text says file_text is required, yet calls\[0\] sends file_text: "new": the program does not find it where the call puts it \(read under another name, or from another object\?\)$/],
  ['a sent 0 refused as missing', calls({ path: 'src', insert_line: 0, insert_text: 'y' }), content('Error: Path is a directory: src'), content('Error: Parameter insert_line is required'), /^note: the received text says insert_line is required, yet calls\[0\] sends insert_line: 0, a value: a test that takes 0 for a missing one \(!x, where x === undefined \|\| x === null belongs\?\)$/],
  ['a sent "" refused as missing, the second call', calls({ text: 'a' }, { text: '' }), content('a', ''), content('a', 'Error: Parameter text is required'), /calls\[1\] sends text: "", a value: a test that takes "" for a missing one/],
  ["ajv's wording of a required property", calls({ query: 'x' }), content('ok'), content("ValidationError: 'query' is a required property (path: query)"), /says query is required, yet calls\[0\] sends query: "x"/],
  ['a sent value of the wrong type refused as missing: the observation only', calls({ path: 'a', file_text: 5 }), content('Error: Parameter file_text must be a string'), content('Error: Parameter file_text is required'), /^note: the received text says file_text is required, yet calls\[0\] sends file_text: 5; the expected text answers it otherwise$/],
  ['the argument not sent', calls({ path: 'a.txt' }), content('File created successfully at: a.txt'), content('Error: Parameter file_text is required'), { not: /yet calls/ }],
  ['the argument sent as null (absent, as JSON has no undefined)', calls({ path: 'a.txt', file_text: null }), content('File created successfully at: a.txt'), content('Error: Parameter file_text is required'), { not: /yet calls/ }],
  ['the argument sent only inside another object', calls({ path: 'a.txt', options: { file_text: 'x' } }), content('ok'), content('Error: Parameter file_text is required'), { not: /yet calls/ }],
  ['the same refusal expected', calls({ file_text: '' }), content('Error: Parameter file_text is required.'), content('Error: Parameter file_text is required'), { not: /yet calls/ }],
  ['a result beyond the calls', calls({ text: 'a' }), content('a'), content('a', 'Error: Parameter text is required'), { not: /yet calls/ }],
  ['an input without calls', { requests: [{ text: 'a' }] }, content('a'), content('Error: Parameter text is required'), { not: /yet calls/ }],
];

describe('an argument the call sent, refused as missing', () => {
  it.each(SENT_ARGUMENTS)('%s', (_, input, expected, received, want) => {
    const found = firstShapeNote(jsonDiff(expected, received), input);
    if (want instanceof RegExp) expect(found).toMatch(want);
    else expect(found ?? '').not.toMatch(want.not);
  });
});

describe.each<[string, Row[]]>([
  ['off by one, and counts', OFF_BY_ONE],
  ['a factor of 1000', FACTOR],
  ['a number rounded or cut', ROUNDED],
  ['an empty value left out', EMPTY_VALUES],
  ['lines left out or added at an end', LINES],
  ['case, whitespace, affixes, newlines, is_error', TEXT],
  ['one edit inside a text', EDIT],
  ['a host path', HOST_PATH],
  ['order', ORDER],
  ['sizes in bytes, and limits', SIZES_AND_LIMITS],
  ['elements missing after matching ones', MISSING_ELEMENTS],
])('%s', (_, rows) => {
  it.each(rows)('%s', (__, expected, received, want) => {
    expect(jsonDiff(expected, received).length, 'the row must differ').toBeGreaterThan(0);
    const found = note(expected, received);
    if (want instanceof RegExp) expect(found).toMatch(want);
    else expect(found ?? '').not.toMatch(want.not);
  });
});
