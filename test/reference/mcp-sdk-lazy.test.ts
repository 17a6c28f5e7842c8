import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/cli.ts';

// The reference loads the MCP SDK only when a case connects to a server (reference/mcp/sdk.ts): every case starts the
// program afresh, and a static import would add the SDK's load time to each case of every stage. esbuild keeps a
// package's static import at the top of the bundle wherever it was written, so the built program shows which it is.

describe('the reference program as the grader builds it', () => {
  it('imports the MCP SDK dynamically, never statically', async () => {
    const result = await esbuild.build({ entryPoints: [join(repoRoot, 'program.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
    const bundle = result.outputFiles[0]!.text;
    expect(bundle).not.toMatch(/^import\b[^;]*["']@modelcontextprotocol\//m);
    expect(bundle).toMatch(/\bimport\(["']@modelcontextprotocol\/sdk\/client\/index\.js["']\)/);
  });
});
