import { describe, expect, it } from 'vitest';
import * as reference from '../../reference/index.ts';
import { runMcp } from '../../harness/mcp/run-mcp.ts';
import type { ToolRegistry } from '../../reference/registry/registry.ts';
import type { McpConnection, McpOptions, McpServerSpec } from '../../harness/mcp/types.ts';

// The harness command with a stand-in connectMcp: no server process, only the order of events.

type Connect = (server: McpServerSpec, registry: ToolRegistry, options: McpOptions) => Promise<McpConnection>;

const stdin = (value: unknown) => JSON.stringify(value);
const spec = (name: string) => ({ name, command: 'node', args: ['server.mjs'] });

// A connectMcp that registers one `ping` tool per server and logs connect and close.
function fakeConnect(log: string[], options: { failOn?: string; closeFailsOn?: string } = {}): Connect {
  return async (server, registry, { timeoutMs }) => {
    log.push(`connect ${server.name} ${timeoutMs}`);
    if (server.name === options.failOn) throw new Error('the server did not start');
    registry.register({
      name: `mcp__${server.name}__ping`,
      description: `Ping ${server.name}.`,
      parameters: { type: 'object', properties: {} },
      handler: async () => ({ content: `pong from ${server.name}` }),
    });
    return {
      close: async () => {
        log.push(`close ${server.name}`);
        if (server.name === options.closeFailsOn) throw new Error('still running');
      },
    };
  };
}

const withConnect = (connectMcp: Connect) => ({ ...reference, connectMcp });

describe('runMcp', () => {
  it('connects in order, runs the calls through the registry, lists mcp__ tools sorted, and closes last first', async () => {
    const log: string[] = [];
    const output = await runMcp(stdin({ servers: [spec('b'), spec('a')], timeout_ms: 250, list_tools: true, calls: [{ tool: 'mcp__b__ping', input: {} }, { tool: 'echo', input: { text: 'hi' } }, { tool: 'mcp__c__ping' }] }), withConnect(fakeConnect(log)));
    expect(output.stderr).toBe('');
    expect(output.exitCode).toBe(0);
    expect(JSON.parse(output.stdout)).toStrictEqual({
      tools: [
        { name: 'mcp__a__ping', description: 'Ping a.', parameters: { type: 'object', properties: {} } },
        { name: 'mcp__b__ping', description: 'Ping b.', parameters: { type: 'object', properties: {} } },
      ],
      results: [{ content: 'pong from b' }, { content: 'hi' }, { content: 'unknown tool: mcp__c__ping', is_error: true }],
    });
    expect(log).toStrictEqual(['connect b 250', 'connect a 250', 'close a', 'close b']);
  });

  it('prints only the results without list_tools, and passes the default budget of 1000 ms', async () => {
    const log: string[] = [];
    const output = await runMcp(stdin({ servers: [spec('a')], calls: [{ tool: 'mcp__a__ping' }] }), withConnect(fakeConnect(log)));
    expect(output.stdout).toBe('{"results":[{"content":"pong from a"}]}\n');
    expect(log).toStrictEqual(['connect a 1000', 'close a']);
  });

  it('a server whose connectMcp rejects is reported in server_errors; the others and the built-ins carry on', async () => {
    const log: string[] = [];
    const output = await runMcp(stdin({ servers: [spec('a'), spec('b'), spec('c')], calls: [{ tool: 'echo', input: { text: 'hi' } }, { tool: 'mcp__c__ping' }, { tool: 'mcp__b__ping' }] }), withConnect(fakeConnect(log, { failOn: 'b' })));
    expect(output.stderr).toBe('');
    expect(output.exitCode).toBe(0);
    expect(JSON.parse(output.stdout)).toStrictEqual({
      server_errors: [{ server: 'b', error: 'the server did not start' }],
      results: [{ content: 'hi' }, { content: 'pong from c' }, { content: 'unknown tool: mcp__b__ping', is_error: true }],
    });
    expect(log).toStrictEqual(['connect a 1000', 'connect b 1000', 'connect c 1000', 'close c', 'close a']);
  });

  it('hands each server its spec (env, cwd) and its startup budget (30000 ms when absent)', async () => {
    const seen: unknown[] = [];
    const connect: Connect = async (server, registry, options) => {
      seen.push({ server, options });
      return fakeConnect([])(server, registry, options);
    };
    const servers = [{ ...spec('a'), env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' }, cwd: 'sub', startup_timeout_ms: 500 }, { name: 'b', command: 'node' }];
    const output = await runMcp(stdin({ servers, timeout_ms: 250, calls: [] }), withConnect(connect));
    expect(output.exitCode).toBe(0);
    expect(seen).toStrictEqual([
      { server: { name: 'a', command: 'node', args: ['server.mjs'], env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' }, cwd: 'sub' }, options: { timeoutMs: 250, startupTimeoutMs: 500 } },
      { server: { name: 'b', command: 'node', args: [], env: {} }, options: { timeoutMs: 250, startupTimeoutMs: 30000 } },
    ]);
  });

  it('closes every server when execute rejects', async () => {
    const log: string[] = [];
    const connect: Connect = async (server, registry, options) => {
      const connection = await fakeConnect(log)(server, registry, options);
      registry.execute = async () => {
        throw new Error('execute broke');
      };
      return connection;
    };
    const output = await runMcp(stdin({ servers: [spec('a'), spec('b')], calls: [{ tool: 'mcp__a__ping' }] }), withConnect(connect));
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toMatch(/^mcp: execute threw on calls\[0\] \(mcp__a__ping\): execute broke\n/);
    expect(log).toStrictEqual(['connect a 1000', 'connect b 1000', 'close b', 'close a']);
  });

  it('reports a close() that throws, after closing the others', async () => {
    const log: string[] = [];
    const output = await runMcp(stdin({ servers: [spec('a'), spec('b')], calls: [] }), withConnect(fakeConnect(log, { closeFailsOn: 'b' })));
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toBe('');
    expect(output.stderr).toMatch(/^mcp: close\(\) threw for server b: still running\n/);
    expect(log).toStrictEqual(['connect a 1000', 'connect b 1000', 'close b', 'close a']);
  });

  it('reports the starter stub as one "not implemented" line', async () => {
    const stub = new Error('not implemented: connectMcp in src/mcp.ts');
    stub.name = 'NotImplementedError';
    const output = await runMcp(stdin({ servers: [spec('course')], calls: [] }), withConnect(async () => Promise.reject(stub)));
    expect(output).toStrictEqual({ stdout: '', stderr: 'not implemented: connectMcp in src/mcp.ts\n', exitCode: 1 });
  });

  it('reports a course without connectMcp as not implemented', async () => {
    const { connectMcp, ...older } = reference;
    void connectMcp;
    const output = await runMcp(stdin({ servers: [spec('course')], calls: [] }), older);
    expect(output).toStrictEqual({ stdout: '', stderr: 'not implemented: connectMcp (export it from src/index.ts)\n', exitCode: 1 });
  });

  it.each([
    { name: 'no command', servers: [{ name: 'a' }], problem: 'servers[0].command is required' },
    { name: 'an unknown key', servers: [{ ...spec('a'), envv: {} }], problem: 'servers[0] has an unknown key "envv" (known: name, command, args, env, cwd, startup_timeout_ms)' },
    { name: 'an env value that is not text', servers: [{ ...spec('a'), env: { N: 1 } }], problem: 'servers[0].env.N must be a string' },
    { name: 'a name with "_"', servers: [spec('my_server')], problem: 'servers[0].name must match ^[a-zA-Z0-9-]{1,32}$' },
    { name: 'a name taken twice', servers: [spec('a'), spec('a')], problem: 'servers[1].name "a" is already the name of another server' },
  ])('refuses a broken request with one line and exit 1: $name', async ({ servers, problem }) => {
    const output = await runMcp(stdin({ servers, calls: [] }), reference);
    expect(output).toStrictEqual({ stdout: '', stderr: `mcp: ${problem}\n`, exitCode: 1 });
  });
});
