import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitBuildOutput } from '../../grader/sandbox/core/build-output.ts';
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

describe('the isolated build\'s output', () => {
  it('is the bundle, naming its map beside it, then the map: no inline map for node to read at every start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-output-'));
    try {
      await writeFile(join(dir, 'program.ts'), "const where: string = 'here';\nthrow new Error(where);\n");
      const require = createRequire(import.meta.url);
      const config: SandboxBuildConfig = { esbuild: pathToFileURL(require.resolve('esbuild')).href, courseDir: dir, outfile: join(dir, 'out', 'program-1.mjs'), allowed: [dir], denied: [], maxInputBytes: 1 << 20 };
      const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', SANDBOX_BUILD_SCRIPT, JSON.stringify(config)], { encoding: 'utf8' });
      const output = splitBuildOutput(stdout);
      expect(output?.bundle).toContain("new Error(where)");
      expect(output?.bundle.trimEnd().endsWith('//# sourceMappingURL=program-1.mjs.map')).toBe(true);
      expect(output?.bundle).not.toContain('data:application/json');
      expect(JSON.parse(output?.map ?? '').sources).toEqual(['../program.ts']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('splitBuildOutput', () => {
  it.each([
    ['a bundle and its map', '5\nab\ncd{"v":3}', { bundle: 'ab\ncd', map: '{"v":3}' }],
    ['a bundle without a map', '3\nabc', { bundle: 'abc', map: '' }],
    ['an empty bundle', '0\n{}', { bundle: '', map: '{}' }],
    ['characters outside ASCII counted as the script counts them', '3\né😀{}', { bundle: 'é😀', map: '{}' }],
  ])('%s', (_name, stdout, want) => expect(splitBuildOutput(stdout)).toEqual(want));

  it.each([
    ['no length line', 'console.log(1)'],
    ['a length past the end (the output was cut)', '9\nabc'],
    ['a length that is not a whole number', '1.5\nabc'],
    ['a negative length', '-1\nabc'],
    ['nothing at all', ''],
  ])('is undefined for %s', (_name, stdout) => expect(splitBuildOutput(stdout)).toBeUndefined());
});
