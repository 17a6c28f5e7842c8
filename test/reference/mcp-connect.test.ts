import { describe, expect, it } from 'vitest';
import { connectMcp } from '../../reference/mcp/connect.ts';
import { ToolRegistry } from '../../reference/registry/registry.ts';

// The reference client against the course server, started from the repository root as a case would.
const course = (...tools: string[]) => ({ name: 'course', command: process.execPath, args: ['harness/mcp/course-server.mjs', '--tools', tools.join(',')], env: {} });
// Budgets that hold on a loaded machine: a course server loads the SDK before it answers initialize.
const budgets = { timeoutMs: 10_000, startupTimeoutMs: 30_000 };

describe('connectMcp (reference) against the course server', () => {
  it('registers the listed tools; after close() their calls answer disconnected', async () => {
    const registry = new ToolRegistry();
    const connection = await connectMcp(course('echo', 'add'), registry, budgets);
    try {
      expect(registry.descriptors().map((d) => d.name)).toStrictEqual(['mcp__course__echo', 'mcp__course__add']);
      expect(await registry.execute('mcp__course__add', { a: 1, b: 2 })).toStrictEqual({ content: '3' });
    } finally {
      await connection.close();
    }
    expect(await registry.execute('mcp__course__echo', { text: 'hi' })).toStrictEqual({ content: 'Error: MCP server course disconnected', is_error: true });
    await connection.close();
  });

  it('rejects when the command cannot be started, and registers nothing', async () => {
    const registry = new ToolRegistry();
    const spec = { name: 'ghost', command: 'dispatch-lab-no-such-command', args: [], env: {} };
    await expect(connectMcp(spec, registry, budgets)).rejects.toThrow('MCP server ghost could not be started: spawn dispatch-lab-no-such-command ENOENT');
    expect(registry.descriptors()).toStrictEqual([]);
  });

  it('rejects when the server exits before the handshake', async () => {
    const registry = new ToolRegistry();
    await expect(connectMcp(course('no_such_tool'), registry, budgets)).rejects.toThrow('MCP server course exited before answering initialize');
    expect(registry.descriptors()).toStrictEqual([]);
  });

  it('refuses a server whose tool names are already taken in the registry', async () => {
    const registry = new ToolRegistry();
    const first = await connectMcp(course('echo'), registry, budgets);
    try {
      await expect(connectMcp(course('echo'), registry, budgets)).rejects.toThrow('MCP server course failed at tools/list: tool already registered: mcp__course__echo');
      expect(registry.descriptors().map((d) => d.name)).toStrictEqual(['mcp__course__echo']);
    } finally {
      await first.close();
    }
  });

  it('rejects a server that never answers initialize once its startup budget has passed', async () => {
    const registry = new ToolRegistry();
    const mute = { name: 'mute', command: process.execPath, args: ['-e', 'process.stdin.resume()'], env: {} };
    await expect(connectMcp(mute, registry, { timeoutMs: 10_000, startupTimeoutMs: 200 })).rejects.toThrow('MCP server mute did not answer initialize within 200 ms');
    expect(registry.descriptors()).toStrictEqual([]);
  });

  it('rejects a server that exits while its tools are listed, and registers nothing', async () => {
    const registry = new ToolRegistry();
    const lister = { ...course('echo'), args: ['harness/mcp/course-server.mjs', '--exit-on-list'] };
    await expect(connectMcp(lister, registry, budgets)).rejects.toThrow('MCP server course exited before answering tools/list');
    expect(registry.descriptors()).toStrictEqual([]);
  });
});
