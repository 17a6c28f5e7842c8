import { describe, expect, it } from 'vitest';
import { connectMcp } from '../../reference/mcp/connect.ts';
import { ToolRegistry } from '../../reference/registry/registry.ts';

// The reference client against the course server, started from the repository root as a case would.
const course = (...tools: string[]) => ({ name: 'course', command: process.execPath, args: ['harness/mcp/course-server.mjs', '--tools', tools.join(',')] });

describe('connectMcp (reference) against the course server', () => {
  it('registers the listed tools; after close() their calls answer disconnected', async () => {
    const registry = new ToolRegistry();
    const connection = await connectMcp(course('echo', 'add'), registry, { timeoutMs: 5000 });
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
    const spec = { name: 'ghost', command: 'dispatch-lab-no-such-command', args: [] };
    await expect(connectMcp(spec, registry, { timeoutMs: 5000 })).rejects.toThrow(/^MCP server ghost did not start: .*ENOENT/);
    expect(registry.descriptors()).toStrictEqual([]);
  });

  it('rejects when the server exits before the handshake', async () => {
    const registry = new ToolRegistry();
    await expect(connectMcp(course('no_such_tool'), registry, { timeoutMs: 5000 })).rejects.toThrow('MCP server course did not start: MCP error -32000: Connection closed');
    expect(registry.descriptors()).toStrictEqual([]);
  });

  it('refuses a server whose tool names are already taken in the registry', async () => {
    const registry = new ToolRegistry();
    const first = await connectMcp(course('echo'), registry, { timeoutMs: 5000 });
    try {
      await expect(connectMcp(course('echo'), registry, { timeoutMs: 5000 })).rejects.toThrow('MCP server course did not start: tool already registered: mcp__course__echo');
    } finally {
      await first.close();
    }
  });
});
