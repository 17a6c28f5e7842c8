import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/cli.ts';

// What the reference program imports statically, as the grader builds it: every case starts the program afresh, so an
// import at the top costs each case of every stage. The MCP SDK is loaded only when a case connects to a server
// (reference/mcp/sdk.ts). esbuild keeps a package's static import at the top of the bundle wherever it was written, so
// the built program shows which it is.

async function builtProgram(): Promise<string> {
  const result = await esbuild.build({ entryPoints: [join(repoRoot, 'program.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', write: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

describe('the reference program as the grader builds it', () => {
  it('imports the MCP SDK dynamically, never statically', async () => {
    const bundle = await builtProgram();
    expect(bundle).not.toMatch(/^import\b[^;]*["']@modelcontextprotocol\//m);
    expect(bundle).toMatch(/\bimport\(["']@modelcontextprotocol\/sdk\/client\/index\.js["']\)/);
  });

  // An ES module that imports node:fs makes node build fs's ES module form, which loads node:stream: about 1.5 ms of
  // every case. The harness takes its descriptor calls with process.getBuiltinModule (harness/node-fs.ts).
  it('does not import node:fs as an ES module', async () => {
    const bundle = await builtProgram();
    expect(bundle).not.toMatch(/^import\b[^;]*["'](node:)?fs["'];/m);
    expect(bundle).toMatch(/process\.getBuiltinModule\("node:fs"\)/);
  });
});
