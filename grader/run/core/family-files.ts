// The files of the MCP SDK's family bundled ahead (io/package-inlining.ts for a host build, the sandbox build script
// under --isolate): one CommonJS bundle (family.cjs) holding every module of the family the program imports, each
// evaluated only when first asked for; a loader (family.mjs) that compiles it with the V8 code cache the build left
// beside it (family.cache); and for every module the program imports, a small ES module (<name>.mjs) that exports what
// node would have given the program for it. One file compiled from a cache instead of a few hundred modules resolved,
// read and compiled: an mcp case's process loads the SDK in about a third of the time.
//
// The functions here are self-contained (no import, no outside name), so that the sandbox build script, which cannot
// import the grader's files, carries them as their source text. The programs that load the bundle and take its code
// cache are in io/family-scripts.ts.

/** The form of the packages folder: part of its key, and of the build cache's, so that no bundle built for another form is reused. */
export const PACKAGES_LAYOUT = 4;


/** The bundle, its loader, its code cache. */
export const FAMILY_FILES = { bundle: 'family.cjs', loader: 'family.mjs', cache: 'family.cache' } as const;

/** How the loader wraps the bundle's text before compiling it: as node wraps a CommonJS file. */
export const FAMILY_WRAPPER = ['(function (exports, require, module, __filename, __dirname) {', '\n})'] as const;

/** How the program's import of a module is answered: an ES module's exports, or a CommonJS module's as node gives them. */
export type FamilyEntry = { name: string; path: string; kind: 'esm' | 'cjs'; exports: string[] };

// The source of the bundle's entry (esbuild bundles it as CommonJS): each module the program imports, by its file name,
// as a function that loads it (a `require`, which esbuild turns into a lazy start of that module and what it imports).
export function familyEntrySource(entries: readonly { name: string; path: string }[]): string {
  const lines = entries.map(({ name, path }) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(path)}),`);
  return `module.exports = {\n${lines.join('\n')}\n};\n`;
}

// The first line of the bundle built for the packages folder `key`. Its code cache starts with the same line: V8 checks
// only that a cache was taken from a source of the same length, so the loader uses a cache only with its own build.
export const familyBundleHeader = (key: string): string => `// dispatch-lab packages ${key}`;

// The ES module that answers the program's import of one module of the family. An ES module exports its own names;
// a CommonJS module exports module.exports as default and the names node finds in its source (cjs-module-lexer), read
// once it has run, as node does. Names may be any string: each is exported under its name as a string literal.
// Undefined when a name is not well-formed Unicode, which no export may have (the build then leaves the packages to node).
export function familyShimSource(entry: { name: string; kind: 'esm' | 'cjs'; exports: readonly string[] }, loader: string): string | undefined {
  const names = [...new Set(entry.exports)].filter((name) => entry.kind === 'esm' || name !== 'default').sort();
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  if (names.some((name) => loneSurrogate.test(name))) return undefined;
  const lines = [`import { load } from ${JSON.stringify(`./${loader}`)};`, `const m = load(${JSON.stringify(entry.name)});`];
  if (entry.kind === 'cjs') lines.push('export default m;');
  if (names.length > 0) {
    lines.push(`const { ${names.map((name, i) => `${JSON.stringify(name)}: v${i}`).join(', ')} } = m;`);
    lines.push(`export { ${names.map((name, i) => `v${i} as ${JSON.stringify(name)}`).join(', ')} };`);
  }
  return `${lines.join('\n')}\n`;
}

// The names each ES module entry exports, by entry name, from a build of those entries (named [name], as esbuild's
// metafile lists them), or a reason to leave the packages to node: a module that re-exports all of a CommonJS one
// (`export * from`, esbuild's __reExport) has names only node's lexer would find.
export function esmExportNames(result: { outputFiles?: { text: string }[]; metafile?: { outputs: Record<string, { entryPoint?: string; exports: string[] }> } }): Map<string, string[]> | string {
  if ((result.outputFiles ?? []).some((file) => file.text.includes('__reExport('))) return 'a module of the family re-exports all of a CommonJS module';
  const names = new Map<string, string[]>();
  for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
    const name = /([^/]+)\.js$/.exec(file)?.[1];
    if (output.entryPoint !== undefined && name !== undefined) names.set(name, output.exports);
  }
  return names;
}

/** What cjsExportNames needs of the world: the lexer, node's resolution and the files. */
export type CjsLookup = {
  parse(source: string): { exports: string[]; reexports: string[] };
  /** The file `specifier` resolves to from the module `from`, as require would find it; undefined when it finds none. */
  resolve(specifier: string, from: string): string | undefined;
  /** The text of a file, or undefined when it may not be read. */
  read(path: string): string | undefined;
  /** Whether node loads the file as CommonJS. */
  isCommonJs(path: string): boolean;
};

// The names node gives an import of the CommonJS module `file` besides default, as node 20 finds them: the exports
// cjs-module-lexer sees in its source (none when it cannot lex it), and those of every CommonJS module it re-exports
// (`module.exports = require(…)`, `__exportStar(require(…))`), followed the same way.
export function cjsExportNames(file: string, lookup: CjsLookup): string[] {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    let found: { exports: string[]; reexports: string[] };
    try {
      found = lookup.parse(lookup.read(path) ?? '');
    } catch {
      return;
    }
    for (const name of found.exports) names.add(name);
    for (const specifier of found.reexports) {
      const target = lookup.resolve(specifier, path);
      if (target !== undefined && lookup.isCommonJs(target)) visit(target);
    }
  };
  visit(file);
  return [...names];
}

// How a file of the family is bundled: "esm" (an ES module that does not use import.meta), "cjs" (a CommonJS module
// that does not ask where it lives or what loaded it, and requires only names written out), "json"; undefined when it
// must stay with node, whose meaning in a bundle could differ. `isEsModule`: whether node loads the file as one.
export type BundledKind = 'esm' | 'cjs' | 'json';

export function bundledKind(path: string, text: string, isEsModule: boolean): BundledKind | undefined {
  if (path.endsWith('.json')) return 'json';
  if (isEsModule) return text.includes('import.meta') ? undefined : 'esm';
  if (!path.endsWith('.js') && !path.endsWith('.cjs')) return undefined;
  const placeBound = /\b__dirname\b|\b__filename\b|import\.meta|\brequire\s*\.\s*(?:resolve|cache|main|extensions)\b|\bmodule\s*\.\s*(?:parent|paths|require|children|filename|id|loaded)\b|\brequire\s*\(\s*[^'"\s)]/;
  return placeBound.test(text) ? undefined : 'cjs';
}

/** What namedFile asks of the machine: a folder and a relative path joined (normalised), and whether a path is a regular
 * file at its own real path (no link on the way). */
export type FileLookup = { join(dir: string, relative: string): string; isRealFile(path: string): boolean };

// The FileLookup of a machine, from its own calls (node:path's join, node:fs's realpathSync and statSync). The isolated
// build's script carries this function as its source text, as it does namedFile.
export function fileLookup(join: (dir: string, relative: string) => string, realpath: (path: string) => string, stat: (path: string) => { isFile(): boolean }): FileLookup {
  return {
    join,
    isRealFile(path) {
      try {
        return realpath(path) === path && stat(path).isFile();
      } catch {
        return false;
      }
    },
  };
}

// The file a relative import (`./x.js`, `../y.js`) names when that path is a regular file at its own real path: esbuild
// resolves such an import to that very file, so the packages' build need not ask esbuild (each question is a round trip
// between node and esbuild's process, and the family's modules import each other hundreds of times). Undefined
// otherwise: a package, a name without its extension, a folder, a link, what is not there; esbuild resolves those.
export function namedFile(specifier: string, resolveDir: string, lookup: FileLookup): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const path = lookup.join(resolveDir, specifier);
  return lookup.isRealFile(path) ? path : undefined;
}
