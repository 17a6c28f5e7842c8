import { describe, expect, it } from 'vitest';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { resultOf } from '../../reference/mcp/call-result.ts';
import { callFailure } from '../../reference/mcp/call-failure.ts';
import { toolListChanges } from '../../reference/mcp/tool-list-changes.ts';
import { mcpToolName } from '../../reference/mcp/tool-name.ts';
import { parseMcpRequest } from '../../harness/mcp/mcp-request.ts';
import { mcpDescriptors } from '../../harness/mcp/run-mcp.ts';

describe('mcpToolName', () => {
  it.each([
    ['course', 'echo', 'mcp__course__echo'],
    ['everything', 'get-sum', 'mcp__everything__get-sum'],
    ['a', 'Echo', 'mcp__a__Echo'],
  ])('%s + %s → %s', (server, tool, name) => {
    expect(mcpToolName(server, tool)).toBe(name);
  });
});

describe('resultOf (a tools/call answer → a result)', () => {
  it.each([
    { name: 'one text item', answer: { content: [{ type: 'text', text: 'hi' }] }, result: { content: 'hi' } },
    { name: 'text items joined by newlines', answer: { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b\n' }, { type: 'text', text: 'c' }] }, result: { content: 'a\nb\n\nc' } },
    { name: 'other kinds dropped', answer: { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'x' }, { type: 'resource_link', uri: 'file:///a', name: 'a' }] }, result: { content: 'x' } },
    { name: 'no items', answer: { content: [] }, result: { content: '' } },
    { name: 'no content key', answer: {}, result: { content: '' } },
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
    { name: 'connection closed, seen before onclose', error: new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), isClosed: false, content: 'Error: MCP server course disconnected' },
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
    const changes = toolListChanges(previous, listed);
    expect({ remove: changes.remove, add: changes.add.map((t) => t.name) }).toStrictEqual({ remove, add });
  });
});

describe('parseMcpRequest', () => {
  const server = { name: 'course', command: 'node', args: ['harness/mcp/course-server.mjs'] };

  it('fills the defaults', () => {
    expect(parseMcpRequest(JSON.stringify({ servers: [{ name: 'course', command: 'node' }], calls: [{ tool: 'echo' }] }))).toStrictEqual({
      sandbox: {},
      servers: [{ name: 'course', command: 'node', args: [] }],
      timeoutMs: 1000,
      listTools: false,
      calls: [{ tool: 'echo', input: undefined }],
    });
  });

  it.each([
    { name: 'not JSON', text: 'nope', problem: 'stdin is not valid JSON' },
    { name: 'no servers', text: JSON.stringify({ calls: [] }), problem: '"servers" must be an array' },
    { name: 'a server without a name', text: JSON.stringify({ servers: [{ command: 'node' }], calls: [] }), problem: 'servers[0].name must be a non-empty string' },
    { name: 'a server without a command', text: JSON.stringify({ servers: [{ name: 'a' }], calls: [] }), problem: 'servers[0].command must be a non-empty string' },
    { name: 'args not strings', text: JSON.stringify({ servers: [{ ...server, args: [1] }], calls: [] }), problem: 'servers[0].args must be an array of strings' },
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
