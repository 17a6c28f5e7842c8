import { describe, expect, it } from 'vitest';
import { autograderLock, type Lockfile, runtimeClosure } from '../../grader/autograder/core/autograder-lock.ts';

const TARBALL = 'file:dispatch-lab-1.2.3.tgz';
const manifest = { name: 'dispatch-lab-autograder', dependencies: { 'dispatch-lab': TARBALL, picomatch: '4.0.7' } };

// A checkout's lockfile: dispatch-lab is the project (""), with a run-time tree, a dev tool and the course's picomatch (a dev dependency there).
const checkout: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'dispatch-lab', version: '1.2.3', license: 'MIT', dependencies: { ajv: '8.20.0', esbuild: '0.28.2' }, devDependencies: { vitest: '4.1.12', picomatch: '4.0.7' }, bin: { 'dispatch-lab': 'bin/dispatch-lab.js' } },
    'node_modules/ajv': { version: '8.20.0', dependencies: { 'fast-uri': '^3.0.1', 'json-schema-traverse': '^1.0.0' } },
    'node_modules/fast-uri': { version: '3.1.0' },
    'node_modules/json-schema-traverse': { version: '0.4.1', dev: true },
    'node_modules/ajv/node_modules/json-schema-traverse': { version: '1.0.0' },
    'node_modules/esbuild': { version: '0.28.2', optionalDependencies: { '@esbuild/linux-x64': '0.28.2', '@esbuild/darwin-arm64': '0.28.2' } },
    'node_modules/@esbuild/linux-x64': { version: '0.28.2', optional: true },
    'node_modules/vitest': { version: '4.1.12', dev: true, dependencies: { 'json-schema-traverse': '^0.4.1' } },
    'node_modules/picomatch': { version: '4.0.7', dev: true },
  },
};

describe('runtimeClosure', () => {
  it.each<[string, string[], string[]]>([
    ['a nested copy wins over a hoisted one of another version; a missing optional one is skipped', [''], ['', 'node_modules/@esbuild/linux-x64', 'node_modules/ajv', 'node_modules/ajv/node_modules/json-schema-traverse', 'node_modules/esbuild', 'node_modules/fast-uri']],
    ['from a dev tool: its own tree only', ['node_modules/vitest'], ['node_modules/json-schema-traverse', 'node_modules/vitest']],
    ['a leaf', ['node_modules/fast-uri'], ['node_modules/fast-uri']],
  ])('%s', (_, roots, paths) => {
    expect(runtimeClosure(checkout, roots)).toEqual(paths);
  });
});

describe('autograderLock', () => {
  it('from a checkout: the project becomes node_modules/dispatch-lab from the tarball; dev-only packages left out, dev marks dropped from the course packages', () => {
    const lock = autograderLock(checkout, '', manifest, TARBALL);
    expect(Object.keys(lock?.packages ?? {}).sort()).toEqual(['', 'node_modules/@esbuild/linux-x64', 'node_modules/ajv', 'node_modules/ajv/node_modules/json-schema-traverse', 'node_modules/dispatch-lab', 'node_modules/esbuild', 'node_modules/fast-uri', 'node_modules/picomatch']);
    expect(lock?.packages['']).toEqual({ name: 'dispatch-lab-autograder', dependencies: manifest.dependencies });
    expect(lock?.packages['node_modules/dispatch-lab']).toEqual({ version: '1.2.3', license: 'MIT', dependencies: { ajv: '8.20.0', esbuild: '0.28.2' }, bin: { 'dispatch-lab': 'bin/dispatch-lab.js' }, resolved: TARBALL });
    expect(lock?.packages['node_modules/picomatch']).toEqual({ version: '4.0.7' });
  });

  it('from an install: its entry keeps what npm recorded but its old tarball and integrity', () => {
    const installed: Lockfile = { lockfileVersion: 3, packages: {
      '': { name: 'class', dependencies: { 'dispatch-lab': 'file:../dispatch-lab-1.2.3.tgz', picomatch: '4.0.7' } },
      'node_modules/dispatch-lab': { version: '1.2.3', resolved: 'file:../dispatch-lab-1.2.3.tgz', integrity: 'sha512-old', dependencies: { 'fast-uri': '3.1.0' } },
      'node_modules/fast-uri': { version: '3.1.0' },
      'node_modules/picomatch': { version: '4.0.7' },
    } };
    expect(autograderLock(installed, 'node_modules/dispatch-lab', manifest, TARBALL)?.packages).toEqual({
      '': { name: 'dispatch-lab-autograder', dependencies: manifest.dependencies },
      'node_modules/dispatch-lab': { version: '1.2.3', dependencies: { 'fast-uri': '3.1.0' }, resolved: TARBALL },
      'node_modules/fast-uri': { version: '3.1.0' },
      'node_modules/picomatch': { version: '4.0.7' },
    });
  });

  it.each<[string, Lockfile, string]>([
    ['dispatch-lab nested under another package', { lockfileVersion: 3, packages: { 'node_modules/x/node_modules/dispatch-lab': { version: '1.2.3' }, 'node_modules/picomatch': { version: '4.0.7' } } }, 'node_modules/x/node_modules/dispatch-lab'],
    ['a course package at another version', { ...checkout, packages: { ...checkout.packages, 'node_modules/picomatch': { version: '4.0.6' } } }, ''],
    ['a course package missing', { ...checkout, packages: Object.fromEntries(Object.entries(checkout.packages).filter(([path]) => path !== 'node_modules/picomatch')) }, ''],
    ['dispatch-lab not in the lockfile', checkout, 'node_modules/dispatch-lab'],
  ])('none when the lockfile cannot say: %s', (_, lock, self) => {
    expect(autograderLock(lock, self, manifest, TARBALL)).toBeUndefined();
  });
});
