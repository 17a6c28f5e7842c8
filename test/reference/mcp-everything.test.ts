import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { connectMcp } from '../../reference/mcp/connect.ts';
import { ToolRegistry } from '../../reference/registry/registry.ts';

// The reference client, unchanged, against a server it was not written for: the MCP project's own
// "everything" server (dev dependency), started over stdio as its package.json's start:stdio does.
const serverScript = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('connectMcp (reference) against @modelcontextprotocol/server-everything', () => {
  it('lists its tools, calls echo and get-sum, and refuses a schema violation before the call', async () => {
    const registry = new ToolRegistry();
    const connection = await connectMcp({ name: 'everything', command: process.execPath, args: [serverScript, 'stdio'], env: {} }, registry, { timeoutMs: 10_000, startupTimeoutMs: 30_000 });
    try {
      const names = registry.descriptors().map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']));
      expect(names.every((name) => name.startsWith('mcp__everything__'))).toBe(true);
      const getSum = registry.descriptors().find((d) => d.name === 'mcp__everything__get-sum');
      expect(getSum?.parameters).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] });

      expect(await registry.execute('mcp__everything__echo', { message: 'hello' })).toStrictEqual({ content: 'Echo: hello' });
      expect(await registry.execute('mcp__everything__get-sum', { a: 2, b: 3 })).toStrictEqual({ content: 'The sum of 2 and 3 is 5.' });
      // The server would answer a bad input with its own (zod) message; this one is the registry's.
      expect(await registry.execute('mcp__everything__get-sum', { a: 'two', b: 3 })).toStrictEqual({ content: 'ValidationError: expected number, got string (path: a)', is_error: true });
      expect(await registry.execute('mcp__everything__echo', {})).toStrictEqual({ content: "ValidationError: 'message' is a required property (path: message)", is_error: true });
    } finally {
      await connection.close();
    }
  });
});
