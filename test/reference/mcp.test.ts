import { describe, expect, it } from 'vitest';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { resultOf } from '../../reference/mcp/call-result.ts';
import { callFailure } from '../../reference/mcp/call-failure.ts';
import { toolListChanges } from '../../reference/mcp/tool-list-changes.ts';
import { createHash } from 'node:crypto';
import { registryNames } from '../../reference/mcp/tool-name.ts';
import { Ajv } from 'ajv';
import { parseMcpRequest } from '../../harness/mcp/mcp-request.ts';
import { serverEntries } from '../../harness/mcp/server-entries.ts';
import { SERVER_SPEC_SCHEMA } from '../../harness/mcp/server-spec-schema.ts';
import { mcpDescriptors } from '../../harness/mcp/run-mcp.ts';

// The suffix of a shortened name, computed here as the stage text says.
const sha8 = (tool: string) => createHash('sha256').update(tool, 'utf8').digest('hex').slice(0, 8);

describe('registryNames (model-safe: ^[a-zA-Z0-9_-]{1,64}$)', () => {
  const long = 'x'.repeat(70);
  it.each([
    { name: 'plain names stay', server: 'course', tools: ['echo', 'get-sum', 'Echo'], names: ['mcp__course__echo', 'mcp__course__get-sum', 'mcp__course__Echo'] },
    { name: 'other characters become "_", one per code point', server: 'edge', tools: ['any.of', 'größe', 'a b/c', '😀'], names: ['mcp__edge__any_of', 'mcp__edge__gr__e', 'mcp__edge__a_b_c', 'mcp__edge___'] },
    { name: 'a name over 64 is cut to 55 and given a stable suffix', server: 's', tools: [long], names: [`mcp__s__${'x'.repeat(47)}_${sha8(long)}`] },
    { name: 'a collision: the unchanged name keeps it, the sanitised one is suffixed', server: 's', tools: ['a.b', 'a_b'], names: [`mcp__s__a_b_${sha8('a.b')}`, 'mcp__s__a_b'] },
    { name: 'a collision of two sanitised names: both suffixed', server: 's', tools: ['a.b', 'a b'], names: [`mcp__s__a_b_${sha8('a.b')}`, `mcp__s__a_b_${sha8('a b')}`] },
  ])('$name', ({ server, tools, names }) => {
    const got = registryNames(server, tools);
    expect(tools.map((tool) => got.get(tool))).toStrictEqual(names);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('does not depend on the order of the listing', () => {
    expect([...registryNames('s', ['a_b', 'a.b']).entries()].sort()).toStrictEqual([...registryNames('s', ['a.b', 'a_b']).entries()].sort());
  });
});

describe('resultOf (a tools/call answer → a result)', () => {
  it.each([
    { name: 'one text item', answer: { content: [{ type: 'text', text: 'hi' }] }, result: { content: 'hi' } },
    { name: 'text items joined by newlines', answer: { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b\n' }, { type: 'text', text: 'c' }] }, result: { content: 'a\nb\n\nc' } },
    { name: 'an image and a resource link as placeholders', answer: { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'x' }, { type: 'resource_link', uri: 'file:///a', name: 'a' }] }, result: { content: '[image: image/png, 3 bytes]\nx\n[resource link: file:///a]' } },
    { name: 'audio with its size', answer: { content: [{ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }] }, result: { content: '[audio: audio/wav, 4 bytes]' } },
    { name: 'an embedded text resource: its URI, then its text', answer: { content: [{ type: 'resource', resource: { uri: 'mem://a', text: 'one\ntwo' } }] }, result: { content: '[resource: mem://a]\none\ntwo' } },
    { name: 'an embedded blob: its URI and size', answer: { content: [{ type: 'resource', resource: { uri: 'mem://b', blob: 'AAAAAA==', mimeType: 'application/octet-stream' } }] }, result: { content: '[resource: mem://b, 4 bytes]' } },
    { name: 'a kind the client does not know', answer: { content: [{ type: 'hologram' }] }, result: { content: '[hologram content]' } },
    { name: 'structuredContent alone: canonical JSON', answer: { content: [], structuredContent: { b: [{ z: 1, a: 2 }], a: 'x' } }, result: { content: '{"a":"x","b":[{"a":2,"z":1}]}' } },
    { name: 'structuredContent ignored beside an image (it may repeat its base64)', answer: { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/gif' }], structuredContent: { content: [{ type: 'image', data: 'AAAA' }] } }, result: { content: '[image: image/gif, 3 bytes]' } },
    { name: 'structuredContent alone, an array', answer: { content: [], structuredContent: [1, { b: 2, a: 1 }] }, result: { content: '[1,{"a":1,"b":2}]' } },
    { name: 'structuredContent ignored beside a text item', answer: { content: [{ type: 'text', text: 'n is 1' }], structuredContent: { n: 1 } }, result: { content: 'n is 1' } },
    { name: 'an error with structuredContent only', answer: { content: [], structuredContent: { code: 7 }, isError: true }, result: { content: '{"code":7}', is_error: true } },
    { name: 'no items', answer: { content: [] }, result: { content: '' } },
    { name: 'isError keeps the text unchanged', answer: { content: [{ type: 'text', text: 'disk full' }], isError: true }, result: { content: 'disk full', is_error: true } },
    { name: 'isError false is a success', answer: { content: [{ type: 'text', text: 'ok' }], isError: false }, result: { content: 'ok' } },
    { name: 'isError with no text', answer: { content: [], isError: true }, result: { content: '', is_error: true } },
  ])('$name', ({ answer, result }) => {
    expect(resultOf(answer)).toStrictEqual(result);
  });
});

describe('callFailure (a rejected tools/call → an error result)', () => {
  it('relies on the pinned SDK prefixing McpError messages with "MCP error <code>: "', () => {
    expect(new McpError(-32603, 'database is locked').message).toBe('MCP error -32603: database is locked');
  });

  it.each([
    { name: 'a JSON-RPC error answer', error: new McpError(-32603, 'database is locked'), isClosed: false, content: 'Error: MCP server course answered with JSON-RPC error -32603: database is locked' },
    { name: 'a server-defined code', error: new McpError(42, 'custom'), isClosed: false, content: 'Error: MCP server course answered with JSON-RPC error 42: custom' },
    { name: 'the request timed out', error: new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 250 }), isClosed: false, content: 'Error: MCP server course did not answer within 250 ms; the call was cancelled' },
    { name: 'the connection closed during the call', error: new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), isClosed: true, content: 'Error: MCP server course disconnected' },
    { name: 'sent after the connection ended', error: new Error('Not connected'), isClosed: true, content: 'Error: MCP server course disconnected' },
    { name: 'anything else', error: new Error('unexpected'), isClosed: false, content: 'Error: MCP call failed: unexpected' },
    { name: 'a thrown string', error: 'odd', isClosed: false, content: 'Error: MCP call failed: odd' },
  ])('$name', ({ error, isClosed, content }) => {
    expect(callFailure('course', error, 250, isClosed, { McpError, ErrorCode })).toStrictEqual({ content, is_error: true });
  });
});

describe('toolListChanges', () => {
  const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({ name, description: `${name} tool`, inputSchema: { type: 'object', properties: {} }, ...extra });
  const before = (...tools: Tool[]) => new Map(tools.map((t) => [t.name, t]));
  const changedSchema = tool('greet', { inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });

  it.each([
    { name: 'the first listing adds everything, in order', previous: before(), listed: [tool('b'), tool('a')], remove: [], add: ['b', 'a'] },
    { name: 'the same list changes nothing', previous: before(tool('a'), tool('b')), listed: [tool('a'), tool('b')], remove: [], add: [] },
    { name: 'a withdrawn tool is removed', previous: before(tool('a'), tool('b')), listed: [tool('b')], remove: ['a'], add: [] },
    { name: 'a new tool is added', previous: before(tool('a')), listed: [tool('a'), tool('c')], remove: [], add: ['c'] },
    { name: 'a changed schema is removed and added', previous: before(tool('greet'), tool('a')), listed: [tool('a'), changedSchema], remove: ['greet'], add: ['greet'] },
    { name: 'a changed description is removed and added', previous: before(tool('a')), listed: [tool('a', { description: 'new' })], remove: ['a'], add: ['a'] },
    { name: 'a change elsewhere (annotations) is not a change', previous: before(tool('a')), listed: [tool('a', { annotations: { readOnlyHint: true } })], remove: [], add: [] },
    { name: 'no description is the same as ""', previous: before(tool('a', { description: '' })), listed: [tool('a', { description: undefined })], remove: [], add: [] },
    { name: 'everything withdrawn', previous: before(tool('a'), tool('b')), listed: [], remove: ['a', 'b'], add: [] },
  ])('$name', ({ previous, listed, remove, add }) => {
    const changes = toolListChanges(previous, listed, () => false);
    expect({ remove: changes.remove, add: changes.add.map((t) => t.name) }).toStrictEqual({ remove, add });
  });

  it('a tool whose registry name changed (a new tool took its sanitised name) is removed and added', () => {
    const changes = toolListChanges(before(tool('a.b')), [tool('a.b'), tool('a_b')], (name) => name === 'a.b');
    expect({ remove: changes.remove, add: changes.add.map((t) => t.name) }).toStrictEqual({ remove: ['a.b'], add: ['a.b', 'a_b'] });
  });
});

describe('parseMcpRequest', () => {
  it('fills the defaults', () => {
    expect(parseMcpRequest(JSON.stringify({ servers: [{ name: 'course', command: 'node' }], calls: [{ tool: 'echo' }] }))).toStrictEqual({
      sandbox: {},
      servers: [{ spec: { name: 'course', command: 'node', args: [], env: {} }, startupTimeoutMs: 30000 }],
      timeoutMs: 1000,
      listTools: false,
      calls: [{ tool: 'echo', input: undefined }],
    });
  });

  it.each([
    { name: 'not JSON', text: 'nope', problem: 'stdin is not valid JSON' },
    { name: 'no servers', text: JSON.stringify({ calls: [] }), problem: '"servers" must be an array' },
    { name: 'a server without a name', text: JSON.stringify({ servers: [{ command: 'node' }], calls: [] }), problem: 'servers[0].name is required' },
    { name: 'an empty command', text: JSON.stringify({ servers: [{ name: 'a', command: '' }], calls: [] }), problem: 'servers[0].command must not be empty' },
    { name: 'args not strings', text: JSON.stringify({ servers: [{ name: 'a', command: 'node', args: [1] }], calls: [] }), problem: 'servers[0].args[0] must be a string' },
    { name: 'a zero startup budget', text: JSON.stringify({ servers: [{ name: 'a', command: 'node', startup_timeout_ms: 0 }], calls: [] }), problem: 'servers[0].startup_timeout_ms must be an integer of at least 1' },
    { name: 'a zero budget', text: JSON.stringify({ servers: [], timeout_ms: 0, calls: [] }), problem: '"timeout_ms" must be a positive integer' },
    { name: 'a fractional budget', text: JSON.stringify({ servers: [], timeout_ms: 1.5, calls: [] }), problem: '"timeout_ms" must be a positive integer' },
    { name: 'list_tools not a boolean', text: JSON.stringify({ servers: [], list_tools: 'yes', calls: [] }), problem: '"list_tools" must be a boolean' },
    { name: 'no calls', text: JSON.stringify({ servers: [] }), problem: '"calls" must be an array' },
  ])('$name', ({ text, problem }) => {
    expect(parseMcpRequest(text)).toBe(problem);
  });
});

describe('mcpDescriptors', () => {
  it('keeps only mcp__ tools, sorted by name in code-unit order', () => {
    const d = (name: string) => ({ name, description: '', parameters: {} });
    expect(mcpDescriptors([d('echo'), d('mcp__b__x'), d('mcp__a__z'), d('mcp__a__Z'), d('add')]).map((x) => x.name)).toStrictEqual(['mcp__a__Z', 'mcp__a__z', 'mcp__b__x']);
  });
});

describe('serverEntries reads SERVER_SPEC_SCHEMA as ajv does', () => {
  const check = new Ajv({ allErrors: false }).compile(SERVER_SPEC_SCHEMA as object);
  const base = { name: 'memory', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] };
  it.each([
    base,
    { ...base, env: { MEMORY_FILE_PATH: '/tmp/memory.jsonl' }, cwd: 'data', startup_timeout_ms: 500 },
    { name: 'a', command: 'node' },
    { ...base, name: '' },
    { ...base, name: 'x'.repeat(33) },
    { ...base, name: 'my_server' },
    { ...base, name: 'dot.ted' },
    { ...base, command: '' },
    { ...base, command: 7 },
    { ...base, args: 'one' },
    { ...base, args: [1] },
    { ...base, env: [] },
    { ...base, env: { N: 1 } },
    { ...base, cwd: '' },
    { ...base, startup_timeout_ms: 0 },
    { ...base, startup_timeout_ms: 1.5 },
    { ...base, type: 'stdio' },
    { command: 'node' },
    'node',
    null,
  ])('%j', (entry) => {
    expect(typeof serverEntries([entry]) === 'string').toBe(!check(entry));
  });
});
