import { describe, expect, it } from 'vitest';
import * as solution from '../../reference/index.ts';
import { parseRegistryRequest, runRegistry, sortedJson } from '../../harness/registry/run-registry.ts';
import type { Registry } from '../../harness/registry/types.ts';

const stdin = (value: unknown) => JSON.stringify(value);
const ping = { name: 'ping', description: 'Answer with the input.', parameters: { type: 'object', properties: { z: {}, a: {} }, additionalProperties: false } };

describe('runRegistry', () => {
  it('runs calls through the registry: the seed example', async () => {
    const output = await runRegistry(stdin({ calls: [{ tool: 'web_search', input: { query: 'MCP', max_results: 500 } }] }), solution);
    expect(output).toStrictEqual({
      stdout: '{"results":[{"content":"ValidationError: 500 is greater than the maximum of 100 (path: max_results)","is_error":true}]}\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('registers the descriptors first, lists the tools, then runs the calls', async () => {
    const output = await runRegistry(stdin({ register: [ping, { ...ping, description: 'again' }], list_tools: true, calls: [{ tool: 'ping', input: { z: [{ b: 1, a: 2 }], a: 'x' } }, { tool: 'ping' }] }), solution);
    const printed = JSON.parse(output.stdout) as { registered: unknown; tools: { name: string }[]; results: unknown };
    expect(Object.keys(printed)).toStrictEqual(['registered', 'tools', 'results']);
    expect(printed.registered).toStrictEqual([{ content: 'registered: ping' }, { content: 'tool already registered: ping', is_error: true }]);
    expect(printed.tools.map((t) => t.name).at(-1)).toBe('ping');
    expect(printed.tools.at(-1)).toStrictEqual(ping);
    expect(printed.results).toStrictEqual([{ content: '{"a":"x","z":[{"a":2,"b":1}]}' }, { content: '{}' }]);
  });

  it('registers the throwing tools after makeRegistry\'s and before the case\'s, and each failure is an error result', async () => {
    const output = await runRegistry(stdin({ register: [ping], list_tools: true, calls: [{ tool: 'explode' }, { tool: 'explode_now' }, { tool: 'explode_value' }] }), solution);
    const printed = JSON.parse(output.stdout) as { tools: { name: string }[]; results: unknown };
    expect(printed.tools.map((t) => t.name).slice(-5)).toStrictEqual(['web_search', 'explode', 'explode_now', 'explode_value', 'ping']);
    expect(printed.results).toStrictEqual([
      { content: 'Error: handler failed on purpose', is_error: true },
      { content: 'Error: handler threw before returning', is_error: true },
      { content: 'Error: a thrown string, not an Error', is_error: true },
    ]);
  });

  it('prints only results when neither register nor list_tools is given', async () => {
    const output = await runRegistry(stdin({ sandbox: { 'a.txt': 'A' }, list_tools: false, calls: [{ tool: 'view', input: { path: 'a.txt' } }] }), solution);
    expect(output.stdout).toBe('{"results":[{"content":"1: A"}]}\n');
  });

  it('reports a starter stub as one "not implemented" line', async () => {
    const stub = new Error('not implemented: makeRegistry in src/registry.ts');
    stub.name = 'NotImplementedError';
    const starter = { Tools: solution.Tools, makeExecute: solution.makeExecute, makeRegistry: (): Registry => { throw stub; } };
    expect(await runRegistry(stdin({ calls: [] }), starter)).toStrictEqual({ stdout: '', stderr: 'not implemented: makeRegistry in src/registry.ts\n', exitCode: 1 });
  });

  it('reports a course without makeRegistry as not implemented', async () => {
    const older = { Tools: solution.Tools, makeExecute: solution.makeExecute };
    const output = await runRegistry(stdin({ calls: [] }), older);
    expect(output).toStrictEqual({ stdout: '', stderr: 'not implemented: makeRegistry (export it from src/index.ts)\n', exitCode: 1 });
  });

  it('reports a register stub as not implemented, not as a refusal', async () => {
    const stub = new Error('not implemented: register');
    stub.name = 'NotImplementedError';
    const registry: Registry = { register: () => { throw stub; }, descriptors: () => [], execute: async () => ({ content: '' }) };
    const output = await runRegistry(stdin({ register: [ping], calls: [] }), { Tools: solution.Tools, makeExecute: solution.makeExecute, makeRegistry: () => registry });
    expect(output).toStrictEqual({ stdout: '', stderr: 'not implemented: register\n', exitCode: 1 });
  });

  it('reports an execute that rejects, with where', async () => {
    const registry: Registry = { register: () => undefined, descriptors: () => [], execute: async () => Promise.reject(new Error('boom')) };
    const output = await runRegistry(stdin({ calls: [{ tool: 'echo', input: {} }] }), { Tools: solution.Tools, makeExecute: solution.makeExecute, makeRegistry: () => registry });
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr).toMatch(/^registry: execute threw on calls\[0\] \(echo\): boom\n/);
  });

  it.each([
    { name: 'not JSON', text: '{nope', message: 'registry: stdin is not valid JSON\n' },
    { name: 'no calls', text: '{}', message: 'registry: "calls" must be an array\n' },
    { name: 'list_tools not a boolean', text: '{"calls": [], "list_tools": "yes"}', message: 'registry: "list_tools" must be true or false\n' },
    { name: 'register not an array', text: '{"calls": [], "register": {}}', message: 'registry: "register" must be an array of descriptors\n' },
    { name: 'a descriptor without parameters', text: '{"calls": [], "register": [{"name": "x", "description": "d"}]}', message: 'registry: register[0] must be {"name": string, "description": string, "parameters": object} and nothing else\n' },
    { name: 'a descriptor with a handler', text: '{"calls": [], "register": [{"name": "x", "description": "d", "parameters": {}, "effect": "read"}]}', message: 'registry: register[0] must be {"name": string, "description": string, "parameters": object} and nothing else\n' },
  ])('exits 1 on stdin that is $name', async ({ text, message }) => {
    expect(await runRegistry(text, solution)).toStrictEqual({ stdout: '', stderr: message, exitCode: 1 });
  });
});

describe('parseRegistryRequest', () => {
  it('defaults: empty sandbox, no list, no register', () => {
    expect(parseRegistryRequest('{"calls": [{"tool": "echo"}]}')).toStrictEqual({ sandbox: {}, calls: [{ tool: 'echo', input: undefined }], listTools: false, register: undefined });
  });
});

describe('sortedJson', () => {
  it.each([
    { value: {}, text: '{}' },
    { value: { b: 1, a: [{ d: null, c: true }] }, text: '{"a":[{"c":true,"d":null}],"b":1}' },
    { value: { '10': 1, '9': 2, B: 3, a: 4 }, text: '{"10":1,"9":2,"B":3,"a":4}' },
    { value: 'say "hi"', text: '"say \\"hi\\""' },
    { value: [3, 'x', null], text: '[3,"x",null]' },
  ])('$text', ({ value, text }) => {
    expect(sortedJson(value)).toBe(text);
  });
});
