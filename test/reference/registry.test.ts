import { describe, expect, it } from 'vitest';
import { ToolRegistry, errorResult } from '../../reference/registry/registry.ts';
import { ToolExecutionError, ToolValidationError, UnknownToolError } from '../../reference/registry/errors.ts';
import { makeRegistry } from '../../reference/registry/make-registry.ts';
import { addTool, webSearchTool } from '../../reference/registry/extra-tools.ts';
import type { ToolDefinition } from '../../reference/registry/types.ts';
import { Tools } from '../../reference/tools.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';

// A tool that records every input its handler received, so a test can prove it did not run.
function recordingTool(name: string, received: unknown[], handler?: ToolDefinition['handler']): ToolDefinition {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    handler: async (input) => {
      received.push(input);
      return handler ? handler(input) : { content: String(input.text) };
    },
  };
}

describe('ToolRegistry.register', () => {
  it('refuses a taken name and keeps the first tool', async () => {
    const registry = new ToolRegistry();
    const first: unknown[] = [];
    const second: unknown[] = [];
    registry.register(recordingTool('echo', first));
    expect(() => registry.register(recordingTool('echo', second))).toThrow('tool already registered: echo');
    expect(await registry.execute('echo', { text: 'hi' })).toStrictEqual({ content: 'hi' });
    expect([first.length, second.length]).toStrictEqual([1, 0]);
  });

  it('frees a name again after unregister', async () => {
    const registry = new ToolRegistry();
    registry.register(recordingTool('t', []));
    registry.unregister('t');
    registry.unregister('never-there');
    expect(await registry.execute('t', { text: 'x' })).toStrictEqual({ content: 'unknown tool: t', is_error: true });
    expect(() => registry.register(recordingTool('t', []))).not.toThrow();
  });
});

describe('ToolRegistry.descriptors', () => {
  it('shows exactly name, description and parameters, in registration order', () => {
    const registry = new ToolRegistry();
    registry.register({ ...recordingTool('b', []), effect: 'read' });
    registry.register(recordingTool('a', []));
    const descriptors = registry.descriptors();
    expect(descriptors.map((d) => d.name)).toStrictEqual(['b', 'a']);
    expect(descriptors.map((d) => Object.keys(d))).toStrictEqual([
      ['name', 'description', 'parameters'],
      ['name', 'description', 'parameters'],
    ]);
  });
});

describe('ToolRegistry.execute', () => {
  it.each([
    { name: 'a valid call runs the handler', tool: 'echo', input: { text: 'hello' }, result: { content: 'hello' }, ran: 1 },
    { name: 'an unknown name, whatever the input', tool: 'missing_tool', input: null, result: { content: 'unknown tool: missing_tool', is_error: true }, ran: 0 },
    { name: 'a prototype name is unknown', tool: 'constructor', input: {}, result: { content: 'unknown tool: constructor', is_error: true }, ran: 0 },
    { name: '__proto__ is unknown', tool: '__proto__', input: {}, result: { content: 'unknown tool: __proto__', is_error: true }, ran: 0 },
    { name: 'an extra field (the seed exercise A)', tool: 'echo', input: { text: 'hello', extra: true }, result: { content: "ValidationError: 'extra' is not an allowed property (path: extra)", is_error: true }, ran: 0 },
    { name: 'absent input counts as {}', tool: 'echo', input: undefined, result: { content: "ValidationError: 'text' is a required property (path: text)", is_error: true }, ran: 0 },
    { name: 'null input is the wrong kind', tool: 'echo', input: null, result: { content: 'ValidationError: expected object, got null (path: $)', is_error: true }, ran: 0 },
  ])('$name', async ({ tool, input, result, ran }) => {
    const received: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(recordingTool('echo', received));
    expect(JSON.stringify(await registry.execute(tool, input))).toBe(JSON.stringify(result));
    expect(received.length).toBe(ran);
  });

  it('passes the input to the handler as sent, without defaults', async () => {
    const received: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register({ ...recordingTool('t', received), parameters: { type: 'object', properties: { n: { type: 'integer', default: 10 } } } });
    const input = { extra: 'kept' };
    await registry.execute('t', input);
    expect(received).toStrictEqual([{ extra: 'kept' }]);
  });

  it.each([
    { name: 'an Error', thrown: new Error('disk full'), content: 'Error: disk full' },
    { name: 'a string', thrown: 'plain text', content: 'Error: plain text' },
  ])('turns a handler that throws $name into an error result', async ({ thrown, content }) => {
    const registry = new ToolRegistry();
    registry.register(recordingTool('boom', [], async () => Promise.reject(thrown)));
    expect(await registry.execute('boom', { text: 'x' })).toStrictEqual({ content, is_error: true });
  });
});

describe('ToolRegistry.prepare, run and invoke', () => {
  it('throws the ToolError of the step that refused', async () => {
    const registry = new ToolRegistry();
    registry.register(recordingTool('boom', [], async () => Promise.reject(new Error('bad'))));
    expect(() => registry.prepare('nope', {})).toThrow(UnknownToolError);
    expect(() => registry.prepare('boom', {})).toThrow(ToolValidationError);
    await expect(registry.invoke('boom', { text: 'x' })).rejects.toThrow(ToolExecutionError);
    registry.register({ ...recordingTool('free', []), parameters: { type: 'object' } });
    expect(registry.prepare('free', undefined).input).toStrictEqual({});
  });
});

describe('errorResult', () => {
  it.each([
    { error: new UnknownToolError('x'), result: { content: 'unknown tool: x', is_error: true } },
    { error: new ToolValidationError("'a' is a required property (path: a)"), result: { content: "ValidationError: 'a' is a required property (path: a)", is_error: true } },
    { error: new ToolExecutionError('bad'), result: { content: 'Error: bad', is_error: true } },
    { error: 'odd', result: { content: 'Error: odd', is_error: true } },
  ])('$result.content', ({ error, result }) => {
    expect(errorResult(error)).toStrictEqual(result);
  });
});

describe('makeRegistry', () => {
  it('registers the eight built-ins, then add and web_search', () =>
    withTempSandbox({}, async (root) => {
      const registry = makeRegistry(new Tools(root));
      expect(registry.descriptors().map((d) => d.name)).toStrictEqual(['echo', 'view', 'create', 'str_replace', 'insert', 'glob', 'grep', 'bash', 'add', 'web_search']);
    }));

  it('gives every tool an object schema that accepts nothing undeclared', () =>
    withTempSandbox({}, async (root) => {
      for (const { parameters } of makeRegistry(new Tools(root)).descriptors()) {
        expect(parameters).toMatchObject({ type: 'object', additionalProperties: false });
      }
    }));

  it('routes valid calls to the tools over the sandbox', () =>
    withTempSandbox({ 'a.txt': 'A' }, async (root) => {
      const registry = makeRegistry(new Tools(root));
      expect(await registry.execute('view', { path: 'a.txt' })).toStrictEqual({ content: '1: A' });
      expect(await registry.execute('create', { path: 'a.txt', file_text: 'B', content: 'B' })).toStrictEqual({
        content: "ValidationError: 'content' is not an allowed property (path: content)",
        is_error: true,
      });
      expect(await registry.execute('view', { path: 'a.txt' })).toStrictEqual({ content: '1: A' });
    }));
});

describe('the extra tools', () => {
  it.each([
    { input: { a: 2, b: 3 }, content: '{"sum":5}' },
    { input: { a: 1.5, b: -4 }, content: '{"sum":-2.5}' },
  ])('add $input.a + $input.b', async ({ input, content }) => {
    expect(await addTool.handler(input)).toStrictEqual({ content });
  });

  it.each([
    { input: { query: 'MCP' }, content: 'search "MCP": up to 10 results in en' },
    { input: { query: 'MCP', max_results: 5, language: 'de' }, content: 'search "MCP": up to 5 results in de' },
    { input: { query: 'MCP', filters: { site: 'example.com' } }, content: 'search "MCP" site:example.com: up to 10 results in en' },
    { input: { query: 'MCP', filters: { after_year: 2020 } }, content: 'search "MCP" after:2020: up to 10 results in en' },
  ])('web_search $content', async ({ input, content }) => {
    expect(await webSearchTool.handler(input)).toStrictEqual({ content });
  });
});

describe('ToolRegistry over a sandbox', () => {
  it('takes the host root out of a thrown message, as register-tools does', async () => {
    const registry = new ToolRegistry('/host/sandbox-1');
    registry.register(recordingTool('boom', [], () => {
      throw new Error("ELOOP: too many symbolic links encountered, stat '/host/sandbox-1/loop' in /host/sandbox-1");
    }));
    expect(await registry.execute('boom', { text: 'x' })).toStrictEqual({ content: "Error: ELOOP: too many symbolic links encountered, stat 'loop' in .", is_error: true });
  });
});
