// Every kind of mistake-pattern condition, and every pattern of stages/stages.json, held against the differences that
// must fire it and the near misses that must not: a "likely mistake" is said only where the differences entail it.
import { describe, expect, it } from 'vitest';
import { isMistake, likelyMistake, mistakeSubjects, type RunFacts } from '../../grader/judge/core/mistakes.ts';
import { failureAnswer } from '../../grader/judge/core/failure-answer.ts';
import { jsonDiff } from '../../grader/judge/core/json-diff.ts';
import type { Failure, Mismatch, MistakePattern, RunResult } from '../../grader/course/core/types.ts';
import { manifestStages } from '../feedback/reference-outputs.ts';

const hint = 'the hint';
const value = (path: string, expected: unknown, received: unknown): Mismatch => ({ kind: 'value', path, expected, received });

describe('pattern conditions and their near misses', () => {
  const alone: MistakePattern = { path: 'results[*].is_error', absent: true, alone: true, hint };
  const changed: MistakePattern = { path: 'c', matches: '^Error: ', changed: '^(Error: No match|Error: Found \\d+)', expected: { matches: '^Error: ' }, hint };
  const unchanged: MistakePattern = { path: 'c', matches: '^Error: ', unchanged: '^[^:]*: (.*)$', expected: { matches: '^ValidationError: ' }, hint };
  const missingFlag: Mismatch = { kind: 'missing', path: 'results[1].is_error', expected: true };
  const table: [string, MistakePattern, Mismatch, Mismatch[], boolean][] = [
    ['alone: only that field differs', alone, missingFlag, [missingFlag, value('results[0].content', 'a', 'b')], true],
    ['alone: a sibling differs too', alone, missingFlag, [missingFlag, value('results[1].content', 'Error: x', '1: A')], false],
    ['alone: the exit code is no sibling', alone, missingFlag, [missingFlag, value('exitCode', 0, 1)], true],
    ['alone, at the top: any other field', { path: 'workspace', present: true, alone: true, hint }, { kind: 'unexpected', path: 'workspace', received: {} }, [value('status', 'protocol_error', 'ok'), { kind: 'unexpected', path: 'workspace', received: {} }], false],
    ['changed: the part differs', changed, value('c', 'Error: Found 2 matches.', 'Error: No match found.'), [], true],
    ['changed: the same part, another ending', changed, value('c', 'Error: No match found for x.', 'Error: No match found.'), [], false],
    ['changed: the part where the expected text has none', { ...changed, expected: undefined } as MistakePattern, value('c', 'Successfully replaced.', 'Error: No match.'), [], true],
    ['unchanged: the rest agrees', unchanged, value('c', "ValidationError: 'a' is required (path: a)", "Error: 'a' is required (path: a)"), [], true],
    ['unchanged: the rest differs too', unchanged, value('c', "ValidationError: 'a' is required (path: a)", 'Error: Parameter a is required'), [], false],
    ['unchanged: the expected text has no such part', unchanged, value('c', 'ValidationError', 'Error: x'), [], false],
    ['a part needs two texts', changed, value('c', 2, 3), [], false],
  ];
  it.each(table)('%s', (_, pattern, m, others, fires) => {
    expect(isMistake(pattern, m, others.includes(m) ? others : [m, ...others])).toBe(fires);
  });
});

describe('an exit-code pattern reads only an exit the program decided', () => {
  const stage = { mistakes: [{ path: 'exitCode', equals: 1, expected: { equals: 0 }, hint: 'a tool failure exits 0' }] as MistakePattern[] };
  const run = (stderr: string): RunResult => ({ stdout: '', stderr, exitCode: 1, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1_000_000 });
  const exit: Failure = { kind: 'exit-code', expected: 0, received: 1, signal: null };
  const differs: Failure = { kind: 'mismatch', mismatches: [value('status', 'ok', 'error')] };
  const stack = "file:///c/program.ts:3\nError: boom\n    at main (file:///c/src/protocol.ts:3:9)\n    at file:///c/program.ts:9:1\n\nNode.js v20.20.0\n";
  it.each<[string, Failure[], string, boolean]>([
    ['a document printed, exit 1', [exit, differs], '', true],
    ['a document printed, debug lines on stderr', [exit, differs], 'handling op dispatch\n', true],
    ['a crash: nothing printed, a stack trace', [exit, { kind: 'stdout', problem: 'stdout is empty', excerpt: '' }], stack, false],
    ['a document printed, then a throw', [exit, differs], stack, false],
    ['a crash during a call', [{ kind: 'crash', during: 'calls[0] view' }, exit], 'Error: x\n', false],
    ['a stub reached', [{ kind: 'not-implemented', what: 'protocol' }], '', false],
  ])('%s', (_, failures, stderr, fires) => {
    const answer = failureAnswer({ verdict: { status: 'fail', failures }, run: run(stderr) }, stage);
    expect(answer.mistake === 'a tool failure exits 0').toBe(fires);
  });
});

/** One row of a stage: the documents, what the run showed beside them, and the hint it must give or must not give. */
type StageRow = [name: string, stage: string, expected: unknown, received: unknown, want: string | { not: string } | null, facts?: RunFacts];

const r = (...results: object[]) => ({ results });
const ws = { 'a.txt': 'A\n' };
const ROWS: StageRow[] = [
  ['a thrown tool error', 'echo', r({ content: 'hi' }), r(), 'execute must never reject', { stderr: 'dispatch: execute threw on calls[0] (echo): boom' }],
  ['stderr without the harness line', 'echo', r({ content: 'hi' }), r({ content: 'hi ' }), null, { stderr: 'debug: execute ran' }],
  ['is_error: false on a success', 'echo', r({ content: 'hi' }), r({ content: 'hi', is_error: false }), 'A success result is just'],
  ['is_error: false on an error answer where a success is expected', 'echo', r({ content: 'hi' }), r({ content: 'Error: Parameter text is required', is_error: false }), null],
  ['an error without is_error', 'echo', r({ content: 'unknown tool: x', is_error: true }), r({ content: 'unknown tool: x' }), 'An error result carries is_error: true'],
  ['a success where an error is expected', 'echo', r({ content: 'unknown tool: x', is_error: true }), r({ content: 'x' }), null],
  ['Unknown tool', 'echo', r({ content: 'unknown tool: x', is_error: true }), r({ content: 'Unknown tool: x', is_error: true }), 'An unknown name answers exactly'],
  ['Unknown tool where the tool exists', 'echo', r({ content: 'hi' }), r({ content: 'Unknown tool: echo', is_error: true }), null],
  ['a parameter error in other words', 'echo', r({ content: 'Error: Parameter text is required', is_error: true }), r({ content: 'Error: parameter text is required', is_error: true }), 'Parameter errors read'],
  ['a parameter error where a success is expected', 'echo', r({ content: 'hello' }), r({ content: 'Error: Parameter text is missing', is_error: true }), null],
  ['the input object for its text', 'echo', r({ content: 'hi' }), r({ content: { text: 'hi' } }), 'content is always a string'],
  ['an empty text refused', 'echo', r({ content: '' }), r({ content: 'Error: Parameter text is required', is_error: true }), 'An empty string is a valid text'],
  ['a non-string text called missing', 'echo', r({ content: 'Error: Parameter text must be a string', is_error: true }), r({ content: 'Error: Parameter text is required', is_error: true }), null],

  ['numbered from 0', 'view', r({ content: '1: A' }), r({ content: '0: A' }), 'Line numbers start at 1'],
  ['a tab after the number', 'view', r({ content: '1: a\n2: b' }), r({ content: '1\ta\n2\tb' }), 'Each line is "<n>: <text>"'],
  ['cat -n numbering', 'view', r({ content: '1: a' }), r({ content: '     1\ta' }), 'Each line is "<n>: <text>"'],
  ['no numbers, on a file of indented numbers', 'view', r({ content: '1:   10\n2:   20' }), r({ content: '  10\n  20' }), null],
  ['the number and another text', 'view', r({ content: '1: a' }), r({ content: '1:b' }), null],
  ['ENOENT for a missing file', 'view', r({ content: 'Error: File not found: a.txt', is_error: true }), r({ content: "Error: ENOENT: no such file or directory, open 'a.txt'", is_error: true }), 'A missing path answers'],
  ['ENOENT for a file that exists', 'view', r({ content: '1: A' }), r({ content: "Error: ENOENT: no such file or directory, open 'a.txt'", is_error: true }), null],
  ['a range refused where it is valid', 'view', r({ content: '1: A' }), r({ content: 'Error: Invalid view_range [1, 1]: the file has 1 line', is_error: true }), 'view_range is taken as given'],
  ['a range clamped where it is invalid', 'view', r({ content: 'Error: Invalid view_range [1, 100]: the file has 5 lines', is_error: true }), r({ content: '1: a' }), 'view_range is taken as given'],
  ['is_error: false on a view', 'view', r({ content: '1: A' }), r({ content: '1: A', is_error: false }), 'A success result is just'],
  ['a view error without is_error', 'view', r({ content: 'Error: File not found: b', is_error: true }), r({ content: 'Error: File not found: b' }), 'An error result carries is_error: true'],

  ['is_error: false on a created file', 'create', r({ content: 'File created successfully at: a.txt' }), r({ content: 'File created successfully at: a.txt', is_error: false }), 'A success result is just'],
  ['the host path in a success', 'create', r({ content: 'File created successfully at: a.txt' }), r({ content: 'File created successfully at: /tmp/dispatch-AbC123/a.txt' }), 'Messages name the path as the call gave it'],
  ['the host path in an error', 'create', r({ content: 'Error: Path is a directory: src', is_error: true }), r({ content: "Error: EISDIR: illegal operation on a directory, open '/tmp/dispatch-AbC123/src'", is_error: true }), 'Messages name the path as the call gave it'],
  ['a success with the host path where an error is expected', 'create', r({ content: 'Error: Parent is not a directory: a.txt/b.txt', is_error: true }), r({ content: 'File created successfully at: /tmp/dispatch-AbC123/a.txt/b.txt' }), null],
  ['an error with the host path where a success is expected', 'create', r({ content: 'File created successfully at: a.txt' }), r({ content: "Error: EACCES: permission denied, open '/tmp/dispatch-AbC123/a.txt'", is_error: true }), null],

  ['is_error: false on a replacement', 'str-replace', r({ content: 'Successfully replaced text at exactly one location.' }), r({ content: 'Successfully replaced text at exactly one location.', is_error: false }), 'A success result is just'],
  ['a replace error without is_error', 'str-replace', r({ content: 'Error: File not found: gone.txt', is_error: true }), r({ content: 'Error: File not found: gone.txt' }), 'An error result carries is_error: true'],
  ['a count of matches wrong', 'str-replace', r({ content: 'Error: Found 2 matches for replacement text. Please provide more context to make a unique match.', is_error: true }), r({ content: 'Error: No match found for replacement. Please check your text and try again.', is_error: true }), 'Count the matches of old_str'],
  ['the right count, a shorter message', 'str-replace', r({ content: 'Error: No match found for replacement. Please check your text and try again.', is_error: true }), r({ content: 'Error: No match found.', is_error: true }), null],
  ['$& taken as a pattern', 'str-replace', r({ content: "1: cost: $& $1 $$5 $'\n" }), r({ content: '1: cost: old $1 $5 \n' }), 'new_str is inserted literally'],
  ['$& kept, another line differs', 'str-replace', r({ content: '1: x $&\n2: y\n' }), r({ content: '1: x $&\n2: z\n' }), null],
  ['a replacement made where a parameter error is expected', 'str-replace', r({ content: 'Error: Parameter old_str must not be empty', is_error: true }), r({ content: 'Successfully replaced text at exactly one location.' }), "This call's parameters are refused before the file is read or written"],
  ['an fs error answered raw', 'str-replace', r({ content: 'Error: File not found: gone.txt', is_error: true }), r({ content: "Error: ENOENT: no such file or directory, open 'gone.txt'", is_error: true }), 'Turn fs errors into the stage'],
  ['an fs error where the replacement should succeed', 'str-replace', r({ content: 'Successfully replaced text at exactly one location.' }), r({ content: "Error: ENOENT: no such file or directory, open 'a.txt'", is_error: true }), null],

  ['a thrown error in a registry', 'register-tools', r({ content: '1: A' }), r(), 'execute must never reject', { stderr: 'dispatch: execute threw on calls[0] (Read): boom' }],
  ['is_error: false on a file tool', 'register-tools', r({ content: '1: A' }), r({ content: '1: A', is_error: false }), 'A success result of a file tool'],
  ['is_error: false on an error where a success is expected', 'register-tools', r({ content: '1: A' }), r({ content: 'Error: File not found: a', is_error: false }), null],
  ['a registry error without is_error', 'register-tools', r({ content: 'Error: File not found: nope.txt', is_error: true }), r({ content: 'Error: File not found: nope.txt' }), 'An error result carries is_error: true'],
  ['Read unknown', 'register-tools', r({ content: '1: A' }), r({ content: 'unknown tool: Read', is_error: true }), "Claude Code's names"],
  ['the call\'s parameter name in the error', 'register-tools', r({ content: 'Error: Parameter path is required', is_error: true }), r({ content: 'Error: Parameter file_path is required', is_error: true }), 'Parameter errors name the snake_case'],
  ['a prototype key routed', 'register-tools', r({ content: 'unknown tool: toString', is_error: true }), r({ content: 'function toString() { [native code] }' }), 'Look names up in a Map'],
  ['a word "constructor" in an error where a success is expected', 'register-tools', r({ content: '1: A' }), r({ content: 'Error: this.tools.constructor is not a function', is_error: true }), null],
  ['the host path in a caught error', 'register-tools', r({ content: 'Error: boom', is_error: true }), r({ content: 'Error: boom at /tmp/dispatch-AbC123/x', is_error: true }), "The catch-all's message must not show"],
  ['the host path in an error where a success is expected', 'register-tools', r({ content: 'File created successfully at: a.txt' }), r({ content: "Error: EACCES: permission denied, open '/tmp/dispatch-AbC123/a.txt'", is_error: true }), null],

  ['exit 1 for a tool failure', 'workspace-protocol', { status: 'error', error: 'file_not_found', tool: 'read_file', workspace: ws }, { status: 'error', error: 'file_not_found', tool: 'read_file', workspace: ws }, 'A tool that ran and failed', { exitCode: { expected: 0, received: 1 } }],
  ['exit 0 for a refused request', 'workspace-protocol', { status: 'protocol_error', error: 'malformed_json' }, { status: 'protocol_error', error: 'malformed_json' }, 'A request the protocol refuses', { exitCode: { expected: 1, received: 0 } }],
  ['the workspace echoed on a refusal', 'workspace-protocol', { status: 'protocol_error', error: 'malformed_json' }, { status: 'protocol_error', error: 'malformed_json', workspace: ws }, 'A protocol_error response carries only'],
  ['an ok answer where a refusal is expected', 'workspace-protocol', { status: 'protocol_error', error: 'unknown_op' }, { status: 'ok', result: 'x', workspace: ws }, { not: 'A protocol_error response carries only' }],
  ['an error code in words', 'workspace-protocol', { status: 'protocol_error', error: 'malformed_json' }, { status: 'protocol_error', error: 'Malformed JSON' }, 'Error codes are lower snake_case'],
  ['error for protocol_error', 'workspace-protocol', { status: 'protocol_error', error: 'unknown_op' }, { status: 'error', error: 'unknown_op' }, 'Two kinds of failure'],
  ['protocol_error for error', 'workspace-protocol', { status: 'error', error: 'file_not_found', tool: 'read_file', workspace: ws }, { status: 'protocol_error', error: 'file_not_found' }, 'This request passes the protocol checks'],
  ['the workspace left out', 'workspace-protocol', { status: 'ok', result: 'A\n', tool: 'read_file', workspace: ws }, { status: 'ok', result: 'A\n', tool: 'read_file' }, 'Every dispatched call (status ok or error) returns'],
  ['a refusal where an answer is expected', 'workspace-protocol', { status: 'ok', result: 'A\n', tool: 'read_file', workspace: ws }, { status: 'protocol_error', error: 'invalid_args' }, { not: 'Every dispatched call (status ok or error) returns' }],

  ['a thrown handler error', 'validate-args', r({ content: 'B' }), r(), 'execute must never reject', { stderr: 'dispatch: execute threw on calls[0] (x): boom' }],
  ['is_error: false on a validated success', 'validate-args', r({ content: 'B' }), r({ content: 'B', is_error: false }), 'A success result of a file tool'],
  ['a refusal without is_error', 'validate-args', r({ content: "ValidationError: 'a' is a required property (path: a)", is_error: true }), r({ content: "ValidationError: 'a' is a required property (path: a)" }), 'An error result carries is_error: true'],
  ['a handler run where a refusal is expected', 'validate-args', r({ content: "ValidationError: 'a' is a required property (path: a)", is_error: true }), r({ content: 'B' }), null],
  ['a thrown string as undefined', 'validate-args', r({ content: 'Error: a thrown string, not an Error', is_error: true }), r({ content: 'Error: undefined', is_error: true }), 'A handler may throw something'],
  ['a refusal with the wrong name', 'validate-args', r({ content: "ValidationError: 'a' is a required property (path: a)", is_error: true }), r({ content: "Error: 'a' is a required property (path: a)", is_error: true }), 'A refused argument reads'],
  ['a tool\'s own check where validation should refuse', 'validate-args', r({ content: "ValidationError: 'path' is a required property (path: path)", is_error: true }), r({ content: 'Error: Parameter path is required', is_error: true }), null],
  ['a $. path', 'validate-args', r({ content: "ValidationError: 'lang' is not an allowed property (path: filters.lang)", is_error: true }), r({ content: "ValidationError: 'lang' is not an allowed property (path: $.filters.lang)", is_error: true }), 'The path is written from the input'],
  ['a refusal of a valid argument', 'validate-args', r({ content: 'Successfully replaced text at exactly one location.' }), r({ content: 'ValidationError: 1 is not of type integer (path: n)', is_error: true }), 'The schema allows this call, so it is not refused'],
  ['the host path in a handler error', 'validate-args', r({ content: 'Error: handler failed on purpose', is_error: true }), r({ content: 'Error: handler failed on purpose in /tmp/dispatch-AbC123', is_error: true }), "A handler's thrown message"],
  ['the host path in an error where a success is expected', 'validate-args', r({ content: 'File created successfully at: notes.txt' }), r({ content: "Error: ENOENT: no such file or directory, open '/tmp/dispatch-AbC123/notes.txt'", is_error: true }), null],

  ['a thrown error under a policy', 'permissions', r({ content: 'x' }), r(), 'execute must never reject', { stderr: 'dispatch: execute threw on calls[1] (bash): denied' }],
];

const user = { role: 'user', content: 'hi' };
const assistant = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] };
const tool = { role: 'tool', name: 'echo', tool_call_id: 'c1', content: '{"content":"x","ok":true}' };
const request = (messages: unknown[], tools: unknown = ['echo']) => ({ messages, tools });
ROWS.push(
  ['the assistant message after its calls', 'tool-loop', { requests: [request([user]), request([user, assistant, tool])] }, { requests: [request([user]), request([user, tool, assistant])] }, 'The conversation only grows, in order'],
  ['a tool message without its id', 'tool-loop', { requests: [request([user, assistant, tool])] }, { requests: [request([user, assistant, { role: 'tool', name: 'echo', content: tool.content }])] }, 'Every tool message answers one call'],
  ['a user message where the tool message is expected', 'tool-loop', { requests: [request([user, assistant, tool])] }, { requests: [request([user, assistant, { role: 'user', content: 'x' }])] }, null],
  ['stop at the turn limit', 'tool-loop', { stop_reason: 'max_turns' }, { stop_reason: 'stop' }, 'The loop stops with "max_turns"'],
  ['max_turns on a final answer', 'tool-loop', { stop_reason: 'stop' }, { stop_reason: 'max_turns' }, 'A turn without tool calls ends'],
  ['a tool message content with unsorted keys', 'tool-loop', { requests: [request([user, assistant, tool])] }, { requests: [request([user, assistant, { ...tool, content: '{"ok":true,"content":"x"}' }])] }, "A tool message's content is the canonical JSON"],
  ['a request without its tools', 'tool-loop', { requests: [request([user])] }, { requests: [{ messages: [user] }] }, 'Every request to the model carries'],
  ['a request with other messages and no tools', 'tool-loop', { requests: [request([user])] }, { requests: [{ messages: [{ role: 'user', content: 'other' }] }] }, null],
  ['results in finishing order', 'parallel-calls', r({ content: 'slow' }, { content: 'fast' }), r({ content: 'fast' }, { content: 'slow' }), 'results[i] answers calls[i]'],
  ['a server tool under its own name', 'mcp-discovery', { tools: ['echo'] }, {}, 'A server\'s tool is registered as mcp__', { stderr: 'Error: tool already registered: echo' }],
);

describe('every pattern of stages/stages.json, with its near misses', () => {
  const stages = new Map(manifestStages().map((s) => [s.slug, (s.mistakes ?? []) as MistakePattern[]]));
  const fired = new Set<MistakePattern>();

  it.each(ROWS)('%s (%s)', (_, slug, expected, received, want, facts) => {
    const patterns = stages.get(slug);
    expect(patterns, `no stage ${slug}`).toBeDefined();
    const found = likelyMistake(patterns, mistakeSubjects(jsonDiff(expected, received), facts));
    if (found && typeof want === 'string') fired.add(found);
    if (want === null) expect(found?.hint).toBeUndefined();
    else if (typeof want === 'string') expect(found?.hint ?? '').toMatch(new RegExp(`^${want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    else expect(found?.hint ?? '').not.toMatch(new RegExp(`^${want.not.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('fires each pattern in some row (every pattern is held against this table)', () => {
    const unfired = [...stages].flatMap(([slug, patterns]) => patterns.filter((p) => !fired.has(p)).map((p) => `${slug}: ${p.hint.slice(0, 60)}`));
    expect(unfired).toEqual([]);
  });
});
