import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp } from '../../reference/mcp/connect.ts';
import { ToolRegistry } from '../../reference/registry/registry.ts';

// The reference client, unchanged, against @modelcontextprotocol/server-filesystem (dev dependency),
// started offline over stdio with node, as a client configuration's entry would start it. The
// server's allowed directory is ".", so `cwd` decides which folder it serves.
const serverScript = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
// A 1×1 PNG (67 bytes).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let folder: string;

beforeAll(() => {
  folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-filesystem-')));
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'first line\nsecond line\n');
  fs.writeFileSync(path.join(folder, 'dot.png'), PNG);
});

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('connectMcp (reference) against @modelcontextprotocol/server-filesystem', () => {
  it('serves the folder its cwd names: lists, reads a file and an image, answers a missing file with an error result', async () => {
    const registry = new ToolRegistry();
    const spec = { name: 'files', command: process.execPath, args: [serverScript, '.'], env: {}, cwd: folder };
    const connection = await connectMcp(spec, registry, { timeoutMs: 20_000, startupTimeoutMs: 30_000 });
    try {
      const names = registry.descriptors().map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['mcp__files__read_text_file', 'mcp__files__read_media_file', 'mcp__files__list_allowed_directories']));
      expect(names.every((name) => /^mcp__files__[a-zA-Z0-9_-]+$/.test(name) && name.length <= 64)).toBe(true);

      // "." was resolved in the cwd of the spec, not in the test's.
      expect(await registry.execute('mcp__files__list_allowed_directories', {})).toStrictEqual({ content: `Allowed directories:\n${folder}` });
      expect(await registry.execute('mcp__files__read_text_file', { path: path.join(folder, 'notes.txt') })).toStrictEqual({ content: 'first line\nsecond line\n' });
      expect(await registry.execute('mcp__files__read_media_file', { path: path.join(folder, 'dot.png') })).toStrictEqual({ content: `[image: image/png, ${PNG.length} bytes]` });

      const missing = await registry.execute('mcp__files__read_text_file', { path: path.join(folder, 'absent.txt') });
      expect(missing).toMatchObject({ is_error: true });
      expect((missing as { content: string }).content).toMatch(/ENOENT|no such file/i);
      // Refused by the discovered schema before anything is sent.
      expect(await registry.execute('mcp__files__read_text_file', { path: 7 })).toStrictEqual({ content: 'ValidationError: expected string, got number (path: path)', is_error: true });
    } finally {
      await connection.close();
    }
  });
});
