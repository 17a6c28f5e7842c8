import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp } from '../../reference/mcp/connect.ts';
import { ToolRegistry } from '../../reference/registry/registry.ts';

// The reference client, unchanged, against @modelcontextprotocol/server-memory (dev dependency),
// started offline over stdio. The server keeps its knowledge graph in the file MEMORY_FILE_PATH
// names: the spec's `env` must reach it, or it writes into its own package folder.
const serverScript = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/dist/index.js');

let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-memory-'));
});

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('connectMcp (reference) against @modelcontextprotocol/server-memory', () => {
  it('writes where MEMORY_FILE_PATH says, reads the graph back, and refuses a bad input before the call', async () => {
    const memoryFile = path.join(folder, 'graph.jsonl');
    const registry = new ToolRegistry();
    const spec = { name: 'memory', command: process.execPath, args: [serverScript], env: { MEMORY_FILE_PATH: memoryFile } };
    const connection = await connectMcp(spec, registry, { timeoutMs: 20_000, startupTimeoutMs: 30_000 });
    try {
      const names = registry.descriptors().map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['mcp__memory__create_entities', 'mcp__memory__read_graph', 'mcp__memory__search_nodes']));

      const entity = { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] };
      const created = await registry.execute('mcp__memory__create_entities', { entities: [entity] });
      expect(created).not.toHaveProperty('is_error');
      expect(fs.readFileSync(memoryFile, 'utf8')).toContain('"name":"Ada"');

      const graph = await registry.execute('mcp__memory__read_graph', {});
      expect(JSON.parse((graph as { content: string }).content)).toMatchObject({ entities: [entity], relations: [] });

      expect(await registry.execute('mcp__memory__create_entities', { entities: [{ name: 'Bob' }] })).toStrictEqual({
        content: "ValidationError: 'entityType' is a required property (path: entities[0].entityType)",
        is_error: true,
      });
    } finally {
      await connection.close();
    }
  });
});
