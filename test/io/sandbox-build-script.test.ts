import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBuildOutput } from '../../grader/sandbox/core/build-output.ts';
import { MESSAGES_PREFIX, SANDBOX_BUILD_SCRIPT, type SandboxBuildConfig } from '../../grader/sandbox/io/sandbox-build-script.ts';

// The isolated build's program is JavaScript kept in a string: a quote out of place would break every isolated build.

describe('the isolated build script', () => {
  it('is a module node accepts, and writes its messages behind the prefix the grader reads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-script-'));
    try {
      const file = join(dir, 'build.mjs');
      await writeFile(file, SANDBOX_BUILD_SCRIPT);
      expect(() => execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' })).not.toThrow();
      expect(SANDBOX_BUILD_SCRIPT).toContain(MESSAGES_PREFIX);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// A course with a made-up SDK family in node_modules: the SDK (an ES module importing its dependency), the dependency
// (an ES module), a module of the SDK that asks where it lives (import.meta: left to node) and a CommonJS package.
async function courseWithFamily(dir: string): Promise<void> {
  const pkg = async (name: string, manifest: object, files: Record<string, string>) => {
    await mkdir(join(dir, 'node_modules', name), { recursive: true });
    await writeFile(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, ...manifest }));
    for (const [file, text] of Object.entries(files)) await writeFile(join(dir, 'node_modules', name, file), text);
  };
  await pkg('@modelcontextprotocol/sdk', { type: 'module', exports: { './client': './client.js', './where': './where.js' }, dependencies: { dep: '*', cjsdep: '*' } }, {
    'client.js': "import { twice } from 'dep';\nimport cjs from 'cjsdep';\nexport const client = () => twice(cjs.base);\n",
    'where.js': 'export const where = import.meta.url;\n',
  });
  await pkg('dep', { type: 'module', main: 'index.js' }, { 'index.js': 'export const twice = (n) => 2 * n;\n' });
  await pkg('cjsdep', { main: 'index.js' }, { 'index.js': 'module.exports = { base: 21 };\n' });
  await writeFile(join(dir, 'program.ts'), "const { client } = await import('@modelcontextprotocol/sdk/client');\nconst { where } = await import('@modelcontextprotocol/sdk/where');\nconsole.log(client(), where.includes('/node_modules/@modelcontextprotocol/sdk/where.js'));\n");
}

// The isolated build script run as the grader runs it (no sandbox around it here), its output read back.
function runScript(config: SandboxBuildConfig): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', SANDBOX_BUILD_SCRIPT, JSON.stringify(config)], { encoding: 'utf8' });
}

describe('the isolated build\'s output', () => {
  it('is the bundle, naming its map beside it, and the map: no inline map for node to read at every start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-output-'));
    try {
      await writeFile(join(dir, 'program.ts'), "const where: string = 'here';\nthrow new Error(where);\n");
      const require = createRequire(import.meta.url);
      const files = parseBuildOutput(runScript({ esbuild: pathToFileURL(require.resolve('esbuild')).href, courseDir: dir, outfile: join(dir, 'out', 'program-1.mjs'), allowed: [dir], denied: [], maxInputBytes: 1 << 20, family: [], packagesDir: 'packages-1' }), 'program-1.mjs', 'packages-1');
      const bundle = files?.get('program-1.mjs') ?? '';
      expect(bundle).toContain('new Error(where)');
      expect(bundle.trimEnd().endsWith('//# sourceMappingURL=program-1.mjs.map')).toBe(true);
      expect(bundle).not.toContain('data:application/json');
      expect(JSON.parse(files?.get('program-1.mjs.map') ?? '').sources).toEqual(['../program.ts']);
      expect([...(files?.keys() ?? [])].sort()).toEqual(['program-1.mjs', 'program-1.mjs.map']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('bundles the SDK family\'s ES modules ahead into its packages folder, as a host build does; the rest is left to node', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-family-'));
    try {
      await courseWithFamily(dir);
      const out = join(dir, 'out');
      const require = createRequire(import.meta.url);
      const stdout = runScript({ esbuild: pathToFileURL(require.resolve('esbuild')).href, courseDir: dir, outfile: join(out, 'program-2.mjs'), allowed: [dir], denied: [], maxInputBytes: 1 << 20, family: ['@modelcontextprotocol/sdk', 'dep', 'cjsdep'], packagesDir: 'packages-2' });
      const files = parseBuildOutput(stdout, 'program-2.mjs', 'packages-2');
      expect(files).toBeDefined();
      const names = [...(files?.keys() ?? [])];
      const client = names.find((n) => /^packages-2\/_modelcontextprotocol_sdk_client-[0-9a-f]{8}\.mjs$/.test(n));
      expect(client).toBeDefined();
      // The SDK's module and its ES dependency are one bundled file; the CommonJS package and the module that asks where
      // it lives are loaded by node from node_modules.
      expect(files?.get(client ?? '')).toContain('2 * n');
      expect(files?.get(client ?? '')).toContain(join(dir, 'node_modules/cjsdep/index.js'));
      expect(files?.get('program-2.mjs')).toContain(`./${client}`);
      expect(files?.get('program-2.mjs')).toContain('@modelcontextprotocol/sdk/where');
      for (const [name, text] of files ?? []) {
        await mkdir(dirname(join(out, name)), { recursive: true });
        await writeFile(join(out, name), text);
      }
      expect(execFileSync(process.execPath, [join(out, 'program-2.mjs')], { cwd: dir, encoding: 'utf8' })).toBe('42 true\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the isolated build when the packages cannot be bundled', () => {
  it('builds the program as before, its packages left to node, as a host build does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-fallback-'));
    try {
      await courseWithFamily(dir);
      // Room for program.ts alone: the packages' build goes over the input limit, and is given up.
      const room = (await stat(join(dir, 'program.ts'))).size + 10;
      const out = join(dir, 'out');
      const require = createRequire(import.meta.url);
      const files = parseBuildOutput(runScript({ esbuild: pathToFileURL(require.resolve('esbuild')).href, courseDir: dir, outfile: join(out, 'program-4.mjs'), allowed: [dir], denied: [], maxInputBytes: room, family: ['@modelcontextprotocol/sdk', 'dep', 'cjsdep'], packagesDir: 'packages-4' }), 'program-4.mjs', 'packages-4');
      expect([...(files?.keys() ?? [])].sort()).toEqual(['program-4.mjs', 'program-4.mjs.map']);
      expect(files?.get('program-4.mjs')).toContain('@modelcontextprotocol/sdk/client');
      await mkdir(out);
      for (const [name, text] of files ?? []) await writeFile(join(out, name), text);
      expect(execFileSync(process.execPath, [join(out, 'program-4.mjs')], { cwd: dir, encoding: 'utf8' })).toBe('42 true\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('parseBuildOutput', () => {
  const files = (entries: [string, string][]) => JSON.stringify({ files: entries });
  it('reads the bundle, its map and the packages folder\'s files', () => {
    expect(parseBuildOutput(files([['program-3.mjs', 'a'], ['program-3.mjs.map', '{}'], ['packages-3/x-1.mjs', 'b'], ['packages-3/chunks/c-2.mjs', 'c']]), 'program-3.mjs', 'packages-3')).toEqual(new Map([['program-3.mjs', 'a'], ['program-3.mjs.map', '{}'], ['packages-3/x-1.mjs', 'b'], ['packages-3/chunks/c-2.mjs', 'c']]));
  });

  it.each([
    ['not JSON', 'console.log(1)'],
    ['no bundle', files([['program-3.mjs.map', '{}']])],
    ['a name outside the build folder', files([['program-3.mjs', 'a'], ['../x.mjs', 'b']])],
    ['a name in another packages folder', files([['program-3.mjs', 'a'], ['packages-2/x.mjs', 'b']])],
    ['a name with a .. segment', files([['program-3.mjs', 'a'], ['packages-3/../program-3.mjs', 'b']])],
    ['an absolute name', files([['program-3.mjs', 'a'], ['/etc/x.mjs', 'b']])],
    ['a name twice', files([['program-3.mjs', 'a'], ['program-3.mjs', 'b']])],
    ['a text that is not a string', JSON.stringify({ files: [['program-3.mjs', 1]] })],
  ])('is undefined for %s', (_name, stdout) => expect(parseBuildOutput(stdout, 'program-3.mjs', 'packages-3')).toBeUndefined());
});
