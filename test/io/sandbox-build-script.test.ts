import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBuildOutput } from '../../grader/sandbox/core/build-output.ts';
import { BASE64_SUFFIX, MESSAGES_PREFIX, SANDBOX_BUILD_SCRIPT, type SandboxBuildConfig } from '../../grader/sandbox/io/sandbox-build-script.ts';
import { familyBundleHeader } from '../../grader/run/core/family-files.ts';
import { familyLoaderSource } from '../../grader/run/io/family-scripts.ts';
import { courseWithFamily, FAMILY, RELATIVE_PROGRAM } from './family-course.ts';

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


// The script's configuration as the grader gives it (isolated-build.ts), for a build of `dir` into `outfile`.
function configFor(dir: string, outfile: string, packagesDir: string, more: Partial<SandboxBuildConfig> = {}): SandboxBuildConfig {
  const require = createRequire(import.meta.url);
  return {
    esbuild: pathToFileURL(require.resolve('esbuild')).href,
    courseDir: dir,
    outfile,
    allowed: [dir],
    denied: [],
    maxInputBytes: 1 << 20,
    family: [],
    packagesDir,
    lexer: readFileSync(require.resolve('cjs-module-lexer'), 'utf8'),
    loader: familyLoaderSource(),
    bundleHeader: familyBundleHeader('test-build'),
    ...more,
  };
}

// Writes the files of a build's output under `out`, as isolated-build.ts does (base64 ones decoded).
async function writeOutput(files: Map<string, string> | undefined, out: string): Promise<void> {
  for (const [name, text] of files ?? []) {
    await mkdir(dirname(join(out, name)), { recursive: true });
    if (name.endsWith(BASE64_SUFFIX)) await writeFile(join(out, name.slice(0, -BASE64_SUFFIX.length)), Buffer.from(text, 'base64'));
    else await writeFile(join(out, name), text);
  }
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
      const files = parseBuildOutput(runScript(configFor(dir, join(dir, 'out', 'program-1.mjs'), 'packages-1')), 'program-1.mjs', 'packages-1');
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

  it('bundles the SDK family ahead into its packages folder with a code cache, as a host build does; what asks where it lives is left to node', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-family-'));
    try {
      await courseWithFamily(dir);
      const out = join(dir, 'out');
      const files = parseBuildOutput(runScript(configFor(dir, join(out, 'program-2.mjs'), 'packages-2', { family: FAMILY })), 'program-2.mjs', 'packages-2');
      expect(files).toBeDefined();
      const names = [...(files?.keys() ?? [])];
      const client = names.find((n) => /^packages-2\/_modelcontextprotocol_sdk_client-[0-9a-f]{8}\.mjs$/.test(n));
      expect(client).toBeDefined();
      expect(names.filter((n) => !/^packages-2\/_modelcontextprotocol_sdk_client-/.test(n)).sort()).toEqual([
        'packages-2/family.cache.base64',
        'packages-2/family.cjs',
        'packages-2/family.cjs.map',
        'packages-2/family.mjs',
        'program-2.mjs',
        'program-2.mjs.map',
      ]);
      // The SDK's module and both dependencies that do not ask where they live are in the bundle; the one that does is
      // required from its file, as is the SDK's module that reads import.meta (imported by the program from node_modules).
      const family = files?.get('packages-2/family.cjs') ?? '';
      expect(family.startsWith(familyBundleHeader('test-build'))).toBe(true);
      expect(family).toContain('2 * n');
      expect(family).toContain('base: 21');
      expect(family).toContain(`require(${JSON.stringify(join(dir, 'node_modules/placed/index.js'))})`);
      expect(files?.get('program-2.mjs')).toContain(`./${client}`);
      expect(files?.get('program-2.mjs')).toContain('@modelcontextprotocol/sdk/where');
      await writeOutput(files, out);
      expect(execFileSync(process.execPath, [join(out, 'program-2.mjs')], { cwd: dir, encoding: 'utf8' })).toBe('dispatch-lab-code-cache:AAAA\n42 true true\n');
      // A case's node takes the cache the build's own node made.
      const probe = `const loader = await import(${JSON.stringify(pathToFileURL(join(out, 'packages-2/family.mjs')).href)}); console.log(loader.script.cachedDataRejected);`;
      expect(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: dir, encoding: 'utf8' })).toBe('false\n');
      // A bundle of another build (its first line names another, of the same length) is compiled without that cache.
      const bundleFile = join(out, 'packages-2/family.cjs');
      await writeFile(bundleFile, (files?.get('packages-2/family.cjs') ?? '').replace(familyBundleHeader('test-build'), familyBundleHeader('test-buile')));
      expect(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: dir, encoding: 'utf8' })).toBe('undefined\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the isolated build of a family whose modules import each other by relative paths', () => {
  it('bundles the module that does not ask where it lives, and leaves to node, by its real path, the one that does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-relative-'));
    try {
      await courseWithFamily(dir, { relative: true });
      const out = join(dir, 'out');
      const files = parseBuildOutput(runScript(configFor(dir, join(out, 'program-6.mjs'), 'packages-6', { family: FAMILY })), 'program-6.mjs', 'packages-6');
      const family = files?.get('packages-6/family.cjs') ?? '';
      expect(family).toContain('3 * n');
      expect(family).toContain(`require(${JSON.stringify(join(dir, 'node_modules/@modelcontextprotocol/sdk/lib/where.js'))})`);
      expect(family).not.toContain('import.meta');
      await writeOutput(files, out);
      expect(execFileSync(process.execPath, [join(out, 'program-6.mjs')], { cwd: dir, encoding: 'utf8' })).toBe(RELATIVE_PROGRAM.prints);
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
      const files = parseBuildOutput(runScript(configFor(dir, join(out, 'program-4.mjs'), 'packages-4', { family: FAMILY, maxInputBytes: room })), 'program-4.mjs', 'packages-4');
      expect([...(files?.keys() ?? [])].sort()).toEqual(['program-4.mjs', 'program-4.mjs.map']);
      expect(files?.get('program-4.mjs')).toContain('@modelcontextprotocol/sdk/client');
      await writeOutput(files, out);
      expect(execFileSync(process.execPath, [join(out, 'program-4.mjs')], { cwd: dir, encoding: 'utf8' })).toBe('dispatch-lab-code-cache:AAAA\n42 true true\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the isolated build when a module of the family re-exports all of a CommonJS one', () => {
  it('leaves every package to node (names only node finds), and the program gets them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-reexport-'));
    try {
      await courseWithFamily(dir);
      await writeFile(join(dir, 'node_modules/@modelcontextprotocol/sdk/client.js'), "export * from 'cjsdep';\nexport const client = () => 42;\nexport const placedDir = '/node_modules/placed';\n");
      await writeFile(join(dir, 'node_modules/cjsdep/index.js'), 'exports.base = 21;\n');
      await writeFile(join(dir, 'program.ts'), "const { client, base } = await import('@modelcontextprotocol/sdk/client');\nconsole.log(client(), base);\n");
      const out = join(dir, 'out');
      const files = parseBuildOutput(runScript(configFor(dir, join(out, 'program-5.mjs'), 'packages-5', { family: FAMILY })), 'program-5.mjs', 'packages-5');
      expect([...(files?.keys() ?? [])].sort()).toEqual(['program-5.mjs', 'program-5.mjs.map']);
      await writeOutput(files, out);
      expect(execFileSync(process.execPath, [join(out, 'program-5.mjs')], { cwd: dir, encoding: 'utf8' })).toBe('42 21\n');
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
