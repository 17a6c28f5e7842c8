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
      // An enum the server declares, enforced on this side.
      expect(await registry.execute('mcp__everything__get-structured-content', { location: 'Paris' })).toStrictEqual({
        content: 'ValidationError: "Paris" is not one of "New York", "Chicago", "Los Angeles" (path: location)',
        is_error: true,
      });
    } finally {
      await connection.close();
    }
  });

  it('gives an image as a placeholder, a resource link by URI, and passes env to the server, over the minimal environment only', async () => {
    const registry = new ToolRegistry();
    process.env.DISPATCH_LAB_NOT_FOR_SERVERS = 'secret';
    const spec = { name: 'everything', command: process.execPath, args: [serverScript, 'stdio'], env: { COURSE_MARK: 'from the spec' } };
    const connection = await connectMcp(spec, registry, { timeoutMs: 10_000, startupTimeoutMs: 30_000 });
    try {
      const image = await registry.execute('mcp__everything__get-tiny-image', {});
      expect((image as { content: string }).content).toMatch(/\n\[image: image\/png, \d+ bytes\]\n/);
      expect(await registry.execute('mcp__everything__get-resource-links', { count: 1 })).toMatchObject({ content: expect.stringMatching(/\[resource link: demo:\/\/resource\/dynamic\/\w+\/1\]$/) });

      const env = JSON.parse((await registry.execute('mcp__everything__get-env', {}) as { content: string }).content) as Record<string, string>;
      expect(env.COURSE_MARK).toBe('from the spec');
      expect(env.PATH).toBe(process.env.PATH);
      expect(Object.keys(env).filter((name) => !['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'COURSE_MARK'].includes(name))).toStrictEqual([]);
    } finally {
      delete process.env.DISPATCH_LAB_NOT_FOR_SERVERS;
      await connection.close();
    }
  });
});
