import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { bundledKind, cjsExportNames, type CjsLookup, esmExportNames, familyEntrySource, familyShimSource, fileLookup, namedFile } from '../../grader/run/core/family-files.ts';

// The pure parts of the packages bundled ahead (grader/run/core/family-files.ts): which modules may be bundled, what the
// program's import of each one exports, and the names node finds in a CommonJS module.

describe('bundledKind', () => {
  it.each([
    ['an ES module', '/n/node_modules/p/a.js', 'export const a = 1;', true, 'esm'],
    ['an ES module that reads import.meta', '/n/node_modules/p/a.js', 'export const url = import.meta.url;', true, undefined],
    ['CommonJS', '/n/node_modules/p/a.js', "const b = require('./b');\nmodule.exports = { b };", false, 'cjs'],
    ['CommonJS in .cjs', '/n/node_modules/p/a.cjs', 'exports.a = 1;', false, 'cjs'],
    ['CommonJS that requires a builtin', '/n/node_modules/p/a.js', "const fs = require('node:fs');", false, 'cjs'],
    ['CommonJS reading __dirname', '/n/node_modules/p/a.js', "module.exports = require('path').join(__dirname, 'x');", false, undefined],
    ['CommonJS reading __filename', '/n/node_modules/p/a.js', 'module.exports = __filename;', false, undefined],
    ['CommonJS with require.resolve', '/n/node_modules/p/a.js', "module.exports = require.resolve('./b');", false, undefined],
    ['CommonJS with require.cache', '/n/node_modules/p/a.js', 'delete require.cache[k];', false, undefined],
    ['CommonJS asking for module.parent', '/n/node_modules/p/a.js', 'module.exports = module.parent;', false, undefined],
    ['CommonJS requiring a computed name', '/n/node_modules/p/a.js', 'module.exports = require(name);', false, undefined],
    ['CommonJS requiring a template', '/n/node_modules/p/a.js', 'module.exports = require(`./${name}`);', false, undefined],
    ['CommonJS naming require( in a string', '/n/node_modules/p/a.js', 'const code = \'require("x")\';', false, 'cjs'],
    ['JSON', '/n/node_modules/p/data.json', '{"a": 1}', false, 'json'],
    ['an addon', '/n/node_modules/p/a.node', '', false, undefined],
    ['a TypeScript file', '/n/node_modules/p/a.ts', 'export const a = 1;', false, undefined],
  ])('%s', (_what, path, text, isEsm, kind) => expect(bundledKind(path, text, isEsm)).toBe(kind));
});

describe('familyShimSource', () => {
  it("exports an ES module's own names, default among them, each read once from the loaded module", () => {
    expect(familyShimSource({ name: 'x-1', kind: 'esm', exports: ['b', 'default', 'a'] }, 'family.mjs')).toBe(
      [
        'import { load } from "./family.mjs";',
        'const m = load("x-1");',
        'const { "a": v0, "b": v1, "default": v2 } = m;',
        'export { v0 as "a", v1 as "b", v2 as "default" };',
        '',
      ].join('\n'),
    );
  });

  it("exports a CommonJS module's module.exports as default, and the names found in its source but default", () => {
    expect(familyShimSource({ name: 'y-2', kind: 'cjs', exports: ['default', 'z', '__esModule', 'z'] }, 'family.mjs')).toBe(
      [
        'import { load } from "./family.mjs";',
        'const m = load("y-2");',
        'export default m;',
        'const { "__esModule": v0, "z": v1 } = m;',
        'export { v0 as "__esModule", v1 as "z" };',
        '',
      ].join('\n'),
    );
  });

  it('quotes a name that is no identifier, and declines one that is not well-formed Unicode', () => {
    expect(familyShimSource({ name: 'q', kind: 'cjs', exports: ['a b', '"', 'ü'] }, 'family.mjs')).toContain('export { v0 as "\\"", v1 as "a b", v2 as "ü" };');
    expect(familyShimSource({ name: 'q', kind: 'esm', exports: ['ok', '\uD800'] }, 'family.mjs')).toBeUndefined();
    expect(familyShimSource({ name: 'q', kind: 'esm', exports: ['\uDC00x'] }, 'family.mjs')).toBeUndefined();
    expect(familyShimSource({ name: 'q', kind: 'esm', exports: ['\uD83D\uDE00'] }, 'family.mjs')).toBeDefined();
  });

  it('a module that exports nothing is an import that gives nothing (CommonJS: its default)', () => {
    expect(familyShimSource({ name: 'e', kind: 'esm', exports: [] }, 'family.mjs')).toBe('import { load } from "./family.mjs";\nconst m = load("e");\n');
    expect(familyShimSource({ name: 'e', kind: 'cjs', exports: [] }, 'family.mjs')).toBe('import { load } from "./family.mjs";\nconst m = load("e");\nexport default m;\n');
  });
});

describe('familyEntrySource', () => {
  it('names each module by its file name, loaded by a require of its full path', () => {
    expect(familyEntrySource([{ name: 'a-1', path: '/n/node_modules/a/index.js' }, { name: 'b"-2', path: '/n/node_modules/b/x "y".js' }])).toBe(
      'module.exports = {\n  "a-1": () => require("/n/node_modules/a/index.js"),\n  "b\\"-2": () => require("/n/node_modules/b/x \\"y\\".js"),\n};\n',
    );
  });
});

describe('esmExportNames', () => {
  it("names each entry's exports by its output's name, chunks aside", () => {
    const outputs = {
      'out/a-1.js': { entryPoint: 'node_modules/a/index.js', exports: ['x', 'default'] },
      'out/chunk-XYZ.js': { exports: ['inner'] },
      'out/b-2.js': { entryPoint: 'node_modules/b/index.js', exports: [] },
      'out/a-1.js.map': { exports: [] },
    };
    expect(esmExportNames({ outputFiles: [{ text: 'export const x = 1;' }], metafile: { outputs } })).toStrictEqual(new Map([['a-1', ['x', 'default']], ['b-2', []]]));
  });

  it('refuses a build in which a module re-exports all of a CommonJS one', () => {
    const result = { outputFiles: [{ text: 'var a = {};\n__reExport(a, __toESM(require_cjs()));' }], metafile: { outputs: { 'out/a-1.js': { entryPoint: 'a.js', exports: [] } } } };
    expect(esmExportNames(result)).toBe('a module of the family re-exports all of a CommonJS module');
  });
});

describe('cjsExportNames', () => {
  // A made-up world: each file's exports and re-exports, how specifiers resolve, which files are CommonJS.
  const world = (files: Record<string, { exports?: string[]; reexports?: string[]; esm?: boolean; broken?: boolean }>): CjsLookup => ({
    parse(source) {
      const file = files[source];
      if (file?.broken) throw new Error('cannot lex');
      return { exports: file?.exports ?? [], reexports: file?.reexports ?? [] };
    },
    resolve: (specifier, from) => (specifier.startsWith('./') ? `${from.slice(0, from.lastIndexOf('/'))}/${specifier.slice(2)}` : undefined),
    read: (path) => (path in files ? path : undefined),
    isCommonJs: (path) => files[path]?.esm !== true,
  });

  it('takes the names of the file and of the CommonJS modules it re-exports, in turn', () => {
    const lookup = world({
      '/p/index.js': { exports: ['a', '__esModule'], reexports: ['./b.js', './esm.js', 'missing'] },
      '/p/b.js': { exports: ['b'], reexports: ['./c.js'] },
      '/p/c.js': { exports: ['c'], reexports: ['./index.js'] },
      '/p/esm.js': { exports: ['notFollowed'], esm: true },
    });
    expect(cjsExportNames('/p/index.js', lookup)).toStrictEqual(['a', '__esModule', 'b', 'c']);
  });

  it('a file the lexer cannot read gives no names, as in node', () => {
    const lookup = world({ '/p/index.js': { reexports: ['./bad.js'], exports: ['a'] }, '/p/bad.js': { broken: true } });
    expect(cjsExportNames('/p/index.js', lookup)).toStrictEqual(['a']);
    expect(cjsExportNames('/p/bad.js', lookup)).toStrictEqual([]);
  });
});

describe('namedFile', () => {
  // A machine with three regular files at their real paths; anything else (a link, a folder, nothing) is not one.
  const realFiles = new Set(['/n/node_modules/p/a.js', '/n/node_modules/p/lib/b.js', '/n/node_modules/q/c.js']);
  const lookup = { join, isRealFile: (path: string) => realFiles.has(path) };
  it.each([
    ['a file beside the importer', './a.js', '/n/node_modules/p', '/n/node_modules/p/a.js'],
    ['a file below it', './lib/b.js', '/n/node_modules/p', '/n/node_modules/p/lib/b.js'],
    ['a file above it', '../a.js', '/n/node_modules/p/lib', '/n/node_modules/p/a.js'],
    ['a file of another package, by a relative path', '../../q/c.js', '/n/node_modules/p/lib', '/n/node_modules/q/c.js'],
    ['a path with . and .. inside', './lib/../a.js', '/n/node_modules/p', '/n/node_modules/p/a.js'],
    ['a name without its extension (esbuild tries extensions)', './a', '/n/node_modules/p', undefined],
    ['a folder (esbuild reads its package.json or index)', './lib', '/n/node_modules/p', undefined],
    ['a file that is not there, a link, or not a regular file', './missing.js', '/n/node_modules/p', undefined],
    ['the folder itself', '.', '/n/node_modules/p', undefined],
    ['the folder above', '..', '/n/node_modules/p/lib', undefined],
    ['a package', 'q/c.js', '/n/node_modules/p', undefined],
    ['an absolute path', '/n/node_modules/p/a.js', '/n/node_modules/p', undefined],
    ['a hidden file named without ./', '.a.js', '/n/node_modules/p', undefined],
    ['a builtin', 'node:fs', '/n/node_modules/p', undefined],
  ])('%s', (_what, specifier, resolveDir, file) => expect(namedFile(specifier, resolveDir, lookup)).toBe(file));
});

describe('fileLookup', () => {
  // realpath and stat as node:fs gives them, for a file, a link to it, a folder, and nothing.
  const real: Record<string, string> = { '/p/a.js': '/p/a.js', '/p/link.js': '/p/a.js', '/p/lib': '/p/lib' };
  const realpath = (path: string) => {
    const found = real[path];
    if (found === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return found;
  };
  const stat = (path: string) => ({ isFile: () => path.endsWith('.js') });
  const lookup = fileLookup(join, realpath, stat);
  it.each([
    ['a regular file at its real path', '/p/a.js', true],
    ['a link to one', '/p/link.js', false],
    ['a folder', '/p/lib', false],
    ['nothing there', '/p/missing.js', false],
  ])('%s', (_what, path, isReal) => expect(lookup.isRealFile(path)).toBe(isReal));
  it('joins as it was given', () => expect(lookup.join('/p/lib', '../a.js')).toBe('/p/a.js'));
});
