import { createHash, randomUUID } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { mkdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { entryName, isEsModule, MAX_MODULE_BYTES, packageOf, SDK, sdkFamily } from './sdk-family.ts';
import { readStudentFileSync } from '../../sandbox/io/student-file.ts';
import {
  type BundledKind,
  bundledKind,
  cjsExportNames,
  esmExportNames,
  type CjsLookup,
  FAMILY_FILES,
  familyBundleHeader,
  type FamilyEntry,
  familyEntrySource,
  fileLookup,
  familyShimSource,
  namedFile,
  PACKAGES_LAYOUT,
} from '../core/family-files.ts';
import { FAMILY_CACHE_LINE, FAMILY_CACHE_SCRIPT, FAMILY_CACHE_TIMEOUT_MS, familyLoaderSource } from './family-scripts.ts';
import { runCase } from './run-case.ts';

// A program that loads the MCP SDK makes node resolve, read and compile a few hundred modules (the SDK's, zod's and
// ajv's) in every mcp case. A host build therefore bundles those packages ahead of time, once, into files beside the
// program (core/family-files.ts): one CommonJS bundle compiled from a V8 code cache, and for every module of the family
// the program imports, an ES module `./packages/<name>.mjs` that exports what node would have given it; every other
// import is left to node as before. `packages` is a link to a folder kept between runs
// (node_modules/.cache/dispatch-lab-packages/<key>, or the course's .dispatch-lab/packages/<key> where node_modules cannot
// be written), named after what it was built from: the files bundled, the packages' versions and esbuild's; a build that
// finds it there builds nothing.
// Only modules whose meaning is the same in a bundle are bundled: ES modules without `import.meta`, CommonJS modules
// that do not ask where they live or require a name they compute, JSON; anything else stays external, loaded by node
// from the very file it would have been.

/** Marks a resolution the plugins ask for themselves, so that they do not answer their own question. */
const INNER = Symbol('package-inlining');
/** The machine as namedFile sees it (a relative import the packages' build need not ask esbuild about). */
const realFiles = fileLookup(join, realpathSync, statSync);
/** Where the bundled packages go, inside the program's output folder. */
export const PACKAGES_DIR = 'packages';
/** The file a finished packages folder holds (a folder without it was left half-written). */
const COMPLETE = 'complete';

/** Bundles the SDK's packages for one program builder; the program build uses `plugin`, then `build()` writes the files it points to. */
export type PackageInliner = {
  plugin: esbuild.Plugin;
  /** Writes the packages the last program build imports (again only when that set changed); the build's errors, if any. */
  build(): Promise<string[]>;
};

// An inliner for a program in `courseDir` built into `outDir`; undefined when the SDK is not installed (or a path holds
// a "\\", which a module path may not): then the program is built as before.
export function packageInliner(courseDir: string, outDir: string): PackageInliner | undefined {
  if (courseDir.includes('\\') || outDir.includes('\\')) return undefined;
  const family = sdkFamily(courseDir);
  if (family.size === 0) return undefined;
  const typeCache = new Map<string, boolean>();
  const kinds = new Map<string, BundledKind | undefined>();
  // How a resolved file of the SDK's family is bundled (core/family-files.ts), or undefined: left to node, as is any
  // file outside the family. Only a regular file of a bounded size is read (a course may ship any file there).
  const kindOf = (path: string): BundledKind | undefined => {
    const pkg = packageOf(path);
    if (pkg === undefined || !family.has(pkg)) return undefined;
    if (!kinds.has(path)) {
      const read = readStudentFileSync(path, { roots: ['/'], maxBytes: MAX_MODULE_BYTES });
      kinds.set(path, read.ok ? bundledKind(path, read.bytes.toString('utf8'), isEsModule(path, typeCache)) : undefined);
    }
    return kinds.get(path);
  };
  // A module the program imports is answered from the packages when it is an ES module or CommonJS one (not JSON,
  // whose import node refuses without an import attribute).
  const isEntry = (path: string) => {
    const kind = kindOf(path);
    return kind === 'esm' || kind === 'cjs';
  };
  // What cjsExportNames asks, answered on this machine: the lexer node uses, node's own resolution, bounded reads.
  const cjsLookup = (parse: CjsLookup['parse']): CjsLookup => ({
    parse,
    resolve(specifier, from) {
      try {
        return createRequire(from).resolve(specifier);
      } catch {
        return undefined;
      }
    },
    read(path) {
      const read = readStudentFileSync(path, { roots: ['/'], maxBytes: MAX_MODULE_BYTES });
      return read.ok ? read.bytes.toString('utf8') : undefined;
    },
    isCommonJs: (path) => !path.endsWith('.json') && !isEsModule(path, typeCache) && !path.endsWith('.node'),
  });
  // The node_modules folder the SDK was found in (its name has a scope: two levels up).
  const modulesDir = dirname(dirname(family.get(SDK)?.dir ?? courseDir));
  const cacheRoots = [join(modulesDir, '.cache', 'dispatch-lab-packages'), join(courseDir, '.dispatch-lab', 'packages')];
  let wanted = new Map<string, string>();
  let linked = '';
  const plugin: esbuild.Plugin = {
    name: 'dispatch-lab-package-inlining',
    setup(build) {
      build.onStart(() => {
        wanted = new Map();
      });
      // Every package import is left to node (as `packages: 'external'` would), but those of the SDK's family.
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === INNER || isBuiltin(args.path)) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: INNER });
        if (found.errors.length > 0 || found.external) return { path: args.path, external: true };
        // A path alias (tsconfig "paths") to the course's own files is bundled, as before.
        if (packageOf(found.path) === undefined) return { path: found.path, namespace: found.namespace, sideEffects: found.sideEffects };
        if (!isEntry(found.path)) return { path: args.path, external: true };
        const name = entryName(found.path);
        wanted.set(name, found.path);
        return { path: `./${PACKAGES_DIR}/${name}.mjs`, external: true };
      });
    },
  };
  // Inside the packages' own build: what kindOf allows is bundled, anything else is loaded by node from its file.
  const packagesPlugin: esbuild.Plugin = {
    name: 'dispatch-lab-packages',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === INNER || args.kind === 'entry-point' || isBuiltin(args.path)) return undefined;
        const named = namedFile(args.path, args.resolveDir, realFiles);
        const found = named !== undefined ? { path: named, errors: [], external: false } : await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: INNER });
        if (found.errors.length > 0) return { path: args.path, external: true };
        if (found.external || kindOf(found.path) !== undefined) return undefined;
        return { path: found.path, external: true };
      });
    },
  };
  return {
    plugin,
    async build() {
      if (wanted.size === 0) return [];
      const entries = [...wanted].sort(([a], [b]) => (a < b ? -1 : 1));
      const key = createHash('sha256')
        .update(JSON.stringify({ entries, family: [...family].sort(([a], [b]) => (a < b ? -1 : 1)), esbuild: esbuild.version, node: process.version, layout: PACKAGES_LAYOUT }))
        .digest('hex')
        .slice(0, 16);
      if (key === linked) return [];
      let problems: string[] = [];
      for (const root of cacheRoots) {
        try {
          const folder = join(root, key);
          if (!existsSync(join(folder, COMPLETE))) problems = await buildInto(root, folder, key, entries);
          if (problems.length > 0) return problems;
          await rm(join(outDir, PACKAGES_DIR), { force: true, recursive: true });
          await symlink(folder, join(outDir, PACKAGES_DIR), 'dir');
          linked = key;
          return [];
        } catch (error) {
          problems = [`${root}: ${String(error)}`];
        }
      }
      return problems;
    },
  };

  // Bundles the entries into a fresh folder beside `folder`, then renames it to `folder` (another run may have won the race).
  async function buildInto(root: string, folder: string, key: string, entries: [string, string][]): Promise<string[]> {
    const fresh = `${folder}.${process.pid}.${randomUUID().slice(0, 8)}`;
    await mkdir(root, { recursive: true });
    // The name node will give the bundle: its real path (the code cache keeps it, and stacks show it).
    const named = join(await realpath(root), basename(folder));
    try {
      try {
        const described = await describeEntries(entries);
        await esbuild.build({
          stdin: { contents: familyEntrySource(described), resolveDir: courseDir, sourcefile: 'dispatch-lab-packages.cjs', loader: 'js' },
          absWorkingDir: courseDir,
          outfile: join(fresh, FAMILY_FILES.bundle),
          bundle: true,
          platform: 'node',
          format: 'cjs',
          target: 'node20',
          banner: { js: familyBundleHeader(key) },
          // Stack frames in a package still name its files; their text is read from node_modules, not carried here. Linked,
          // not inline: the loader reads the bundle's whole text at every start.
          sourcemap: 'linked',
          sourcesContent: false,
          logLevel: 'silent',
          plugins: [packagesPlugin],
        });
        await writeFile(join(fresh, FAMILY_FILES.loader), familyLoaderSource());
        for (const entry of described) {
          const shim = familyShimSource(entry, FAMILY_FILES.loader);
          if (shim === undefined) return [`${entry.path}: an export name is not well-formed Unicode`];
          await writeFile(join(fresh, `${entry.name}.mjs`), shim);
        }
      } catch (error) {
        const errors = (error as esbuild.BuildFailure).errors;
        return Array.isArray(errors) ? errors.map((e) => e.text) : [String(error)];
      }
      await writeCodeCache(courseDir, fresh, named, await readFile(join(fresh, FAMILY_FILES.bundle), 'utf8'), entries.map(([name]) => name));
      await writeFile(join(fresh, COMPLETE), '');
      await rename(fresh, folder).catch((error: NodeJS.ErrnoException) => {
        if (!existsSync(join(folder, COMPLETE))) throw error;
      });
      return [];
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }

  // Each entry with the names it exports: an ES module's as esbuild finds them (a build that is not written), a
  // CommonJS module's as node would (cjsExportNames).
  async function describeEntries(entries: [string, string][]): Promise<FamilyEntry[]> {
    const lookup = cjsLookup((await lexer()).parse);
    const esm = entries.filter(([, path]) => kindOf(path) === 'esm');
    let names = new Map<string, string[]>();
    if (esm.length > 0) {
      const outdir = join(courseDir, '.dispatch-lab-packages-names');
      const result = await esbuild.build({
        entryPoints: Object.fromEntries(esm),
        absWorkingDir: courseDir,
        outdir,
        entryNames: '[name]',
        bundle: true,
        splitting: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
        plugins: [packagesPlugin],
      });
      const found = esmExportNames(result);
      if (typeof found === 'string') throw new Error(found);
      names = found;
    }
    return entries.map(([name, path]) => {
      const kind = kindOf(path) === 'esm' ? 'esm' : 'cjs';
      return { name, path, kind, exports: kind === 'esm' ? (names.get(name) ?? []) : cjsExportNames(path, lookup) };
    });
  }
}

// cjs-module-lexer, the lexer node itself uses for this (loaded on first use: only a build of new packages needs it).
let lexerModule: Promise<{ parse(source: string): { exports: string[]; reexports: string[] } }> | undefined;
function lexer() {
  lexerModule ??= import('cjs-module-lexer').then(async (module) => {
    await module.init();
    return module;
  });
  return lexerModule;
}

/** The most the cache script may print: the cache as base64 (about 0.6 MB for the SDK), and room for what packages print. */
const CACHE_OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;

// Writes the V8 code cache of the bundle `text` into `dir` (core/family-files.ts, FAMILY_CACHE_SCRIPT), taken under the
// name the bundle will have in `folder`. The script runs the course's packages, so it runs as a case does (run-case.ts:
// a case's environment, its time limit, every process it starts killed at the end). Without a cache (it failed, or
// took too long) cases compile the bundle as it is.
async function writeCodeCache(courseDir: string, dir: string, folder: string, text: string, names: string[]): Promise<void> {
  const run = await runCase({
    bundlePath: join(dir, FAMILY_FILES.bundle),
    command: 'code-cache',
    program: [process.execPath, '--input-type=module', '-e', FAMILY_CACHE_SCRIPT],
    courseDir,
    stdin: JSON.stringify({ text, file: join(folder, FAMILY_FILES.bundle), names }),
    timeoutMs: FAMILY_CACHE_TIMEOUT_MS,
    outputLimitBytes: CACHE_OUTPUT_LIMIT_BYTES,
  });
  // The last such line: the script writes it last, after anything the packages printed.
  const line = run.exitCode === 0 && !run.timedOut ? run.stdout.split('\n').filter((l) => l.startsWith(FAMILY_CACHE_LINE)).at(-1) : undefined;
  if (line !== undefined) await writeFile(join(dir, FAMILY_FILES.cache), Buffer.from(line.slice(FAMILY_CACHE_LINE.length), 'base64'));
}
