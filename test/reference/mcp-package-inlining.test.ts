import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import url, { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { createProgramBuilder, type ProgramBuilder } from '../../grader/run/io/build-program.ts';
import { buildPositions } from '../../grader/run/io/source-maps.ts';
import { courseWithFamily, RELATIVE_PROGRAM } from '../io/family-course.ts';

// A host build bundles the MCP SDK's packages ahead, beside the program (grader/run/io/package-inlining.ts): the program
// then behaves as it does with every package left to node, and a course without the SDK is built as before.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builders: ProgramBuilder[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const builder of builders) await builder.dispose();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function built(courseDir: string): Promise<string> {
  const builder = await createProgramBuilder(courseDir, `inlining-${randomUUID()}`);
  builders.push(builder);
  const build = await builder.build();
  if (!build.ok) throw new Error(build.errors.join('\n'));
  return build.bundlePath;
}

// A course folder with this program.ts and, when asked, the repo's packages.
function course(program: string, withPackages: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inlining-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  fs.writeFileSync(path.join(dir, 'program.ts'), program);
  if (withPackages) fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

// The same program bundled with every package left to node: what the program printed before.
async function plainOutput(courseDir: string, command: string, stdin = ''): Promise<string> {
  const outfile = path.join(courseDir, `plain-${randomUUID()}.mjs`);
  await esbuild.build({ entryPoints: [path.join(courseDir, 'program.ts')], absWorkingDir: courseDir, outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  return spawnSync(process.execPath, [outfile, command], { cwd: courseDir, input: stdin, encoding: 'utf8' }).stdout;
}

describe('packages bundled ahead for a host build', () => {
  it("the reference's SDK and ajv imports point into packages/, a case's node takes the packages' code cache, and an mcp case gives its answer", async () => {
    const bundle = await built(REPO);
    const text = fs.readFileSync(bundle, 'utf8');
    expect(text).toMatch(/import\("\.\/packages\/_modelcontextprotocol_sdk_dist_esm_client_index-[0-9a-f]{8}\.mjs"\)/);
    expect(text).toMatch(/import\("\.\/packages\/ajv_dist_2020-[0-9a-f]{8}\.mjs"\)/);
    expect(text).toMatch(/import\("\.\/packages\/ajv-formats_dist_index-[0-9a-f]{8}\.mjs"\)/);
    expect(text).not.toMatch(/import\("(@modelcontextprotocol\/sdk|ajv)/);
    const packages = path.join(path.dirname(bundle), 'packages');
    expect(fs.readdirSync(packages).filter((f) => f.startsWith('family.')).sort()).toStrictEqual(['family.cache', 'family.cjs', 'family.cjs.map', 'family.mjs']);
    const probe = `const loader = await import(${JSON.stringify(url.pathToFileURL(path.join(packages, 'family.mjs')).href)}); console.log(loader.script.cachedDataRejected);`;
    expect(spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: REPO, encoding: 'utf8' }).stdout).toBe('false\n');
    const file = JSON.parse(fs.readFileSync(path.join(REPO, 'cases/mcp-discovery/add-beside-builtin.json'), 'utf8')) as { input: unknown; expect: { stdout: unknown } };
    const run = spawnSync(process.execPath, ['--enable-source-maps', bundle, 'mcp'], { cwd: REPO, input: JSON.stringify(file.input), encoding: 'utf8' });
    expect({ stdout: JSON.parse(run.stdout) as unknown, status: run.status }).toStrictEqual({ stdout: file.expect.stdout, status: 0 });
  });

  it('a second build of the same program links the packages folder the first one left, complete', async () => {
    const first = path.join(path.dirname(await built(REPO)), 'packages');
    const second = path.join(path.dirname(await built(REPO)), 'packages');
    expect(fs.lstatSync(second).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(second)).toBe(fs.readlinkSync(first));
    expect(fs.existsSync(path.join(fs.readlinkSync(second), 'complete'))).toBe(true);
  });

  it("a program's own zod and the SDK's zod are one module, as when node loads both", async () => {
    const dir = course(
      [
        "import { z } from 'zod';",
        "import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';",
        'const parsed = CallToolResultSchema.safeParse({ content: 3 });',
        "console.log(JSON.stringify({ command: process.argv[2], sameZod: parsed.error instanceof z.ZodError, ok: parsed.success }));",
        '',
      ].join('\n'),
      true,
    );
    const bundle = await built(dir);
    expect(fs.readFileSync(bundle, 'utf8')).toContain('./packages/zod');
    // Its node_modules links to the repo's: the packages are kept with that one install, for every course that links it.
    const kept = path.dirname(fs.readlinkSync(path.join(path.dirname(bundle), 'packages')));
    expect(fs.realpathSync(kept)).toBe(fs.realpathSync(path.join(REPO, 'node_modules/.cache/dispatch-lab-packages')));
    const run = spawnSync(process.execPath, [bundle, 'dispatch'], { cwd: dir, encoding: 'utf8' });
    expect(run.stdout).toBe(await plainOutput(dir, 'dispatch'));
    expect(JSON.parse(run.stdout)).toStrictEqual({ command: 'dispatch', sameZod: true, ok: false });
  });

  it('a program gets from a CommonJS package of the family what node gives it: module.exports as default, the names its source exports', async () => {
    const dir = course(
      [
        "import Ajv, * as whole from 'ajv';",
        "const later = await import('ajv/dist/2020.js');",
        "const formats = await import('ajv-formats');",
        'const shape = (ns: object) => Object.keys(ns).sort().map((k) => `${k}:${typeof (ns as Record<string, unknown>)[k]}`);',
        'const ajv = new later.Ajv2020({ strict: false });',
        'formats.default.default(ajv);',
        "const valid = ajv.compile({ type: 'string', format: 'email' });",
        "console.log(JSON.stringify({ whole: shape(whole), later: shape(later), formats: shape(formats), same: whole.default === Ajv, email: [valid('a@b.c'), valid('nope')] }));",
        '',
      ].join('\n'),
      true,
    );
    const bundle = await built(dir);
    expect(fs.readFileSync(bundle, 'utf8')).toContain('./packages/ajv_dist_ajv-');
    const run = spawnSync(process.execPath, [bundle, 'dispatch'], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(await plainOutput(dir, 'dispatch'));
    expect(JSON.parse(run.stdout).email).toStrictEqual([true, false]);
  });

  it("a stack frame in the bundled packages names the kept bundle, and maps back to the package's own file", async () => {
    const dir = course(
      [
        "import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';",
        'try {',
        "  await new StdioClientTransport({ command: 'x' }).send({ jsonrpc: '2.0', method: 'x' } as never);",
        '} catch (error) {',
        "  console.log((error as Error).stack?.split('\\n').find((line) => line.includes('StdioClientTransport.send')) ?? '');",
        '}',
        '',
      ].join('\n'),
      true,
    );
    const bundle = await built(dir);
    const frame = spawnSync(process.execPath, [bundle, 'dispatch'], { cwd: dir, encoding: 'utf8' }).stdout;
    const at = /\((\/.*\/family\.cjs):(\d+):(\d+)\)/.exec(frame);
    expect(at, frame).not.toBeNull();
    const [, file = '', line = '', column = ''] = at ?? [];
    // The folder the packages are kept in, not the one they were built in before it was renamed.
    expect(file).toBe(path.join(fs.realpathSync(path.join(path.dirname(bundle), 'packages')), 'family.cjs'));
    const original = buildPositions(bundle)(file, Number(line), Number(column));
    // The SDK ships maps of its own: the position goes back to its TypeScript source, as esbuild chains them.
    expect(original?.path).toBe(path.join(fs.realpathSync(path.join(REPO, 'node_modules/@modelcontextprotocol/sdk')), 'src/client/stdio.ts'));
  });

  it('a family whose module re-exports all of a CommonJS one is left to node (only its lexer finds those names), as a course without it', async () => {
    const dir = course("const { client, base } = await import('@modelcontextprotocol/sdk/client');\nconsole.log(client(), base);\n", false);
    const pkg = (name: string, manifest: object, files: Record<string, string>) => {
      fs.mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
      fs.writeFileSync(path.join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, ...manifest }));
      for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'node_modules', name, file), text);
    };
    pkg('@modelcontextprotocol/sdk', { type: 'module', exports: { './client': './client.js' }, dependencies: { cjsdep: '*' } }, { 'client.js': "export * from 'cjsdep';\nexport const client = () => 42;\n" });
    pkg('cjsdep', { main: 'index.js' }, { 'index.js': 'exports.base = 21;\n' });
    const bundle = await built(dir);
    expect(fs.readdirSync(path.dirname(bundle))).toStrictEqual(['program.mjs', 'program.mjs.map']);
    expect(spawnSync(process.execPath, [bundle, 'dispatch'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('42 21\n');
  });

  it('a family module that imports by relative paths: the one that does not ask where it lives is bundled, the one that does is left to node by its real path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inlining-relative-'));
    dirs.push(dir);
    await courseWithFamily(dir, { relative: true });
    const bundle = await built(dir);
    const family = fs.readFileSync(path.join(path.dirname(bundle), 'packages', 'family.cjs'), 'utf8');
    expect(family).toContain('3 * n');
    expect(family).toContain(`require(${JSON.stringify(path.join(fs.realpathSync(dir), 'node_modules/@modelcontextprotocol/sdk/lib/where.js'))})`);
    expect(family).not.toContain('import.meta');
    expect(spawnSync(process.execPath, [bundle], { cwd: dir, encoding: 'utf8' }).stdout).toBe(RELATIVE_PROGRAM.prints);
  });

  it('a course without the SDK installed is built as before: nothing beside the program but its source map', async () => {
    const dir = course("import missing from 'not-installed-anywhere';\nconsole.log(typeof missing);\n", false);
    const bundle = await built(dir);
    expect(fs.readFileSync(bundle, 'utf8')).toContain('from "not-installed-anywhere"');
    expect(fs.readdirSync(path.dirname(bundle))).toStrictEqual(['program.mjs', 'program.mjs.map']);
  });
});
