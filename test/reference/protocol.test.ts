import { describe, expect, it } from 'vitest';
import { handleProtocolRequest } from '../../reference/index.ts';
import { parseRequest } from '../../reference/protocol/parse-request.ts';
import { readFile } from '../../reference/protocol/read-file.ts';
import { writeFile } from '../../reference/protocol/write-file.ts';
import { patchFile } from '../../reference/protocol/patch-file.ts';
import type { Args, ToolErrorCode, ToolOutcome, Workspace, WorkspaceTool } from '../../reference/protocol/types.ts';

const APP = { 'app.ts': "console.log('hi');\n" };
const request = (value: unknown) => JSON.stringify(value);
const dispatch = (call: unknown, workspace: unknown = APP) => request({ op: 'dispatch', workspace, call });

describe('parseRequest: the protocol checks, in order', () => {
  it.each([
    { name: 'not JSON', text: 'read app.ts', code: 'malformed_json' },
    { name: 'empty text', text: '', code: 'malformed_json' },
    { name: 'cut off', text: '{"op": "dispatch", "call": ', code: 'malformed_json' },
    { name: 'an array', text: request([{ op: 'dispatch' }]), code: 'malformed_json' },
    { name: 'null', text: 'null', code: 'malformed_json' },
    { name: 'a string', text: '"dispatch"', code: 'malformed_json' },
    { name: 'no op', text: request({ call: { tool: 'read_file' } }), code: 'unknown_op' },
    { name: 'op in capitals', text: request({ op: 'DISPATCH', call: { tool: 'read_file' } }), code: 'unknown_op' },
    { name: 'op not a string', text: request({ op: 1 }), code: 'unknown_op' },
    { name: 'workspace a string', text: dispatch({ tool: 'read_file' }, 'app.ts'), code: 'invalid_workspace' },
    { name: 'workspace an array', text: dispatch({ tool: 'read_file' }, ['app.ts']), code: 'invalid_workspace' },
    { name: 'workspace value null', text: dispatch({ tool: 'read_file' }, { 'a.txt': null }), code: 'invalid_workspace' },
    { name: 'no call', text: request({ op: 'dispatch' }), code: 'missing_call' },
    { name: 'call a string', text: dispatch('read_file'), code: 'missing_call' },
    { name: 'call an array', text: dispatch([{ tool: 'read_file' }]), code: 'missing_call' },
    { name: 'no tool', text: dispatch({ args: {} }), code: 'missing_call' },
    { name: 'tool a number', text: dispatch({ tool: 7 }), code: 'missing_call' },
    { name: 'drop_database', text: dispatch({ tool: 'drop_database' }), code: 'unsupported_tool' },
    { name: 'a padded name', text: dispatch({ tool: ' read_file' }), code: 'unsupported_tool' },
    { name: 'an inherited name', text: dispatch({ tool: 'hasOwnProperty' }), code: 'unsupported_tool' },
    { name: 'args an array', text: dispatch({ tool: 'read_file', args: ['app.ts'] }), code: 'invalid_args' },
    { name: 'args a string', text: dispatch({ tool: 'read_file', args: 'app.ts' }), code: 'invalid_args' },
    { name: 'op before call', text: request({ op: 'run' }), code: 'unknown_op' },
    { name: 'workspace before call', text: request({ op: 'dispatch', workspace: { a: 1 } }), code: 'invalid_workspace' },
    { name: 'workspace before tool', text: dispatch({ tool: 'drop_database' }, { a: 1 }), code: 'invalid_workspace' },
    { name: 'tool before args', text: dispatch({ tool: 'drop_database', args: [] }), code: 'unsupported_tool' },
  ])('$name → $code', ({ text, code }) => {
    expect(parseRequest(text)).toBe(code);
  });

  it('fills absent or null workspace and args with {}', () => {
    expect(parseRequest(request({ op: 'dispatch', call: { tool: 'read_file' } }))).toStrictEqual({ workspace: {}, tool: 'read_file', args: {} });
    expect(parseRequest(request({ op: 'dispatch', workspace: null, call: { tool: 'write_file', args: null } }))).toStrictEqual({ workspace: {}, tool: 'write_file', args: {} });
  });

  it('ignores keys it does not know', () => {
    const text = request({ op: 'dispatch', id: 7, workspace: APP, call: { tool: 'patch_file', args: { path: 'app.ts' }, id: 'c1' } });
    expect(parseRequest(text)).toStrictEqual({ workspace: APP, tool: 'patch_file', args: { path: 'app.ts' } });
  });
});

const ok = (observation: string, workspace: Workspace): ToolOutcome => ({ status: 'ok', observation, workspace });
const fails = (error: ToolErrorCode): ToolOutcome => ({ status: 'error', error });

type ToolRow = { name: string; tool: WorkspaceTool; workspace?: Workspace; args: Args; expected: ToolOutcome };

describe('the workspace tools', () => {
  it.each<ToolRow>([
    { name: 'read: the seed file', tool: readFile, args: { path: 'app.ts' }, expected: ok("1: console.log('hi');\n", APP) },
    { name: 'read: no final newline', tool: readFile, workspace: { a: 'A\nB' }, args: { path: 'a' }, expected: ok('1: A\n2: B', { a: 'A\nB' }) },
    { name: 'read: empty file', tool: readFile, workspace: { a: '' }, args: { path: 'a' }, expected: ok('', { a: '' }) },
    { name: 'read: CRLF kept', tool: readFile, workspace: { a: 'x\r\ny\r\n' }, args: { path: 'a' }, expected: ok('1: x\r\n2: y\r\n', { a: 'x\r\ny\r\n' }) },
    { name: 'read: extra args ignored', tool: readFile, args: { path: 'app.ts', view_range: [2, 2] }, expected: ok("1: console.log('hi');\n", APP) },
    { name: 'read: missing file', tool: readFile, args: { path: 'main.ts' }, expected: fails('file_not_found') },
    { name: 'read: ./ is another key', tool: readFile, args: { path: './app.ts' }, expected: fails('file_not_found') },
    { name: 'read: inherited key', tool: readFile, workspace: {}, args: { path: 'constructor' }, expected: fails('file_not_found') },
    { name: 'read: no path', tool: readFile, args: {}, expected: fails('invalid_arguments') },
    { name: 'read: path null', tool: readFile, args: { path: null }, expected: fails('invalid_arguments') },
    { name: 'read: path a number', tool: readFile, args: { path: 1 }, expected: fails('invalid_arguments') },
    { name: 'write: adds', tool: writeFile, args: { path: 'n.txt', content: 'N' }, expected: ok('File written: n.txt', { ...APP, 'n.txt': 'N' }) },
    { name: 'write: overwrites', tool: writeFile, args: { path: 'app.ts', content: '' }, expected: ok('File written: app.ts', { 'app.ts': '' }) },
    { name: 'write: ./ adds a key', tool: writeFile, args: { path: './app.ts', content: 'X' }, expected: ok('File written: ./app.ts', { ...APP, './app.ts': 'X' }) },
    { name: 'write: __proto__ is a plain key', tool: writeFile, workspace: {}, args: { path: '__proto__', content: 'P' }, expected: ok('File written: __proto__', JSON.parse('{"__proto__": "P"}') as Workspace) },
    { name: 'write: no content', tool: writeFile, args: { path: 'n.txt' }, expected: fails('invalid_arguments') },
    { name: 'write: content a number', tool: writeFile, args: { path: 'n.txt', content: 1 }, expected: fails('invalid_arguments') },
    { name: 'write: no path', tool: writeFile, args: { content: 'N' }, expected: fails('invalid_arguments') },
    { name: 'patch: one match', tool: patchFile, args: { path: 'app.ts', old_str: 'hi', new_str: 'bye' }, expected: ok('File patched: app.ts', { 'app.ts': "console.log('bye');\n" }) },
    { name: 'patch: $& literal', tool: patchFile, workspace: { a: 'x' }, args: { path: 'a', old_str: 'x', new_str: '[$&$1$$]' }, expected: ok('File patched: a', { a: '[$&$1$$]' }) },
    { name: 'patch: overlaps count once', tool: patchFile, workspace: { a: 'aaa' }, args: { path: 'a', old_str: 'aa', new_str: 'b' }, expected: ok('File patched: a', { a: 'ba' }) },
    { name: 'patch: new_str absent deletes', tool: patchFile, workspace: { a: 'keep drop' }, args: { path: 'a', old_str: ' drop' }, expected: ok('File patched: a', { a: 'keep' }) },
    { name: 'patch: new_str null deletes', tool: patchFile, workspace: { a: 'keep drop' }, args: { path: 'a', old_str: ' drop', new_str: null }, expected: ok('File patched: a', { a: 'keep' }) },
    { name: 'patch: CRLF kept', tool: patchFile, workspace: { a: 'a\r\nb\r\n' }, args: { path: 'a', old_str: 'b', new_str: 'B' }, expected: ok('File patched: a', { a: 'a\r\nB\r\n' }) },
    { name: 'patch: no match', tool: patchFile, args: { path: 'app.ts', old_str: 'Hi' }, expected: fails('old_str_not_found') },
    { name: 'patch: two matches', tool: patchFile, workspace: { a: 'aaaa' }, args: { path: 'a', old_str: 'aa' }, expected: fails('ambiguous_match') },
    { name: 'patch: missing file', tool: patchFile, args: { path: 'main.ts', old_str: 'hi' }, expected: fails('file_not_found') },
    { name: 'patch: empty old_str', tool: patchFile, args: { path: 'app.ts', old_str: '' }, expected: fails('invalid_arguments') },
    { name: 'patch: arguments before the file', tool: patchFile, args: { path: 'main.ts', old_str: '' }, expected: fails('invalid_arguments') },
    { name: 'patch: new_str a number', tool: patchFile, args: { path: 'app.ts', old_str: 'hi', new_str: 5 }, expected: fails('invalid_arguments') },
    { name: 'patch: no old_str', tool: patchFile, args: { path: 'app.ts' }, expected: fails('invalid_arguments') },
  ])('$name', ({ tool, workspace = APP, args, expected }) => {
    const before = JSON.stringify(workspace);
    expect(tool(workspace, args)).toStrictEqual(expected);
    // Pure: the workspace passed in is never changed.
    expect(JSON.stringify(workspace)).toBe(before);
  });
});

describe('handleProtocolRequest', () => {
  it('answers the seed request exactly, keys sorted', async () => {
    const reply = await handleProtocolRequest(dispatch({ tool: 'read_file', args: { path: 'app.ts' } }));
    expect(reply).toStrictEqual({
      stdout: `{"observation":"1: console.log('hi');\\n","status":"ok","tool":"read_file","workspace":{"app.ts":"console.log('hi');\\n"}}\n`,
      exitCode: 0,
    });
  });

  it('answers a tool failure with the request workspace and exit 0', async () => {
    const reply = await handleProtocolRequest(dispatch({ tool: 'patch_file', args: { path: 'app.ts', old_str: 'nope' } }));
    expect(reply).toStrictEqual({
      stdout: `{"error":"old_str_not_found","status":"error","tool":"patch_file","workspace":{"app.ts":"console.log('hi');\\n"}}\n`,
      exitCode: 0,
    });
  });

  it.each([
    { text: '{nope', code: 'malformed_json' },
    { text: dispatch({ tool: 'drop_database' }), code: 'unsupported_tool' },
  ])('answers a protocol failure with two keys and exit 1 ($code)', async ({ text, code }) => {
    expect(await handleProtocolRequest(text)).toStrictEqual({ stdout: `{"error":"${code}","status":"protocol_error"}\n`, exitCode: 1 });
  });
});
