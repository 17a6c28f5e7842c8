import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { entryName, isEsModule, MAX_MODULE_BYTES, packageOf, SDK, sdkFamily } from './sdk-family.ts';
import { readStudentFileSync } from '../../sandbox/io/student-file.ts';

// A program that loads the MCP SDK makes node resolve, read and compile a few hundred modules (the SDK's and zod's) in
// every mcp case. A host build therefore bundles those packages ahead of time, once, into files beside the program:
// the program's imports of them point to `./packages/<name>.mjs`, and every other import is left to node as before.
// `packages` is a link to a folder kept between runs (node_modules/.cache/dispatch-lab-packages/<key>, or the course's
// .dispatch-lab/packages/<key> where node_modules cannot be written), named after what it was built from: the files
// bundled, the packages' versions and esbuild's; a build that finds it there builds nothing.
// Only ES modules without `import.meta` of the SDK and the packages it depends on are bundled (their meaning is the
// same in a bundle); a CommonJS module they import stays external, loaded by node from the very file it would have been.

/** Marks a resolution the plugins ask for themselves, so that they do not answer their own question. */
const INNER = Symbol('package-inlining');
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
  // Whether a resolved file is one to bundle: an ES module of the SDK's family that does not ask where it lives.
  const isBundled = (path: string) => {
    const pkg = packageOf(path);
    if (pkg === undefined || !family.has(pkg) || !isEsModule(path, typeCache)) return false;
    // A regular file of a bounded size (a course may ship any file there), else left to node.
    const read = readStudentFileSync(path, { roots: ['/'], maxBytes: MAX_MODULE_BYTES });
    return read.ok && !read.bytes.toString('utf8').includes('import.meta');
  };
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
        if (!isBundled(found.path)) return { path: args.path, external: true };
        const name = entryName(found.path);
        wanted.set(name, found.path);
        return { path: `./${PACKAGES_DIR}/${name}.mjs`, external: true };
      });
    },
  };
  // Inside the packages' own build: ES modules of the family are bundled, anything else is loaded by node from its file.
  const packagesPlugin: esbuild.Plugin = {
    name: 'dispatch-lab-packages',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === INNER || args.kind === 'entry-point' || isBuiltin(args.path)) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: INNER });
        if (found.errors.length > 0) return { path: args.path, external: true };
        if (found.external || isBundled(found.path)) return undefined;
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
        .update(JSON.stringify({ entries, family: [...family].sort(([a], [b]) => (a < b ? -1 : 1)), esbuild: esbuild.version, layout: 2 }))
        .digest('hex')
        .slice(0, 16);
      if (key === linked) return [];
      let problems: string[] = [];
      for (const root of cacheRoots) {
        try {
          const folder = join(root, key);
          if (!existsSync(join(folder, COMPLETE))) problems = await buildInto(root, folder, entries);
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
  async function buildInto(root: string, folder: string, entries: [string, string][]): Promise<string[]> {
    const fresh = `${folder}.${process.pid}.${randomUUID().slice(0, 8)}`;
    await mkdir(root, { recursive: true });
    try {
      try {
        await esbuild.build({
          entryPoints: Object.fromEntries(entries),
          absWorkingDir: courseDir,
          outdir: fresh,
          entryNames: '[name]',
          chunkNames: 'chunks/[name]-[hash]',
          outExtension: { '.js': '.mjs' },
          splitting: true,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          // Stack frames in a package still name its files; their text is read from node_modules, not carried here. Linked,
          // not inline: under --enable-source-maps node splits the whole text of a module that names a map into lines.
          sourcemap: 'linked',
          sourcesContent: false,
          logLevel: 'silent',
          plugins: [packagesPlugin],
        });
      } catch (error) {
        const errors = (error as esbuild.BuildFailure).errors;
        return Array.isArray(errors) ? errors.map((e) => e.text) : [String(error)];
      }
      await writeFile(join(fresh, COMPLETE), '');
      await rename(fresh, folder).catch((error: NodeJS.ErrnoException) => {
        if (!existsSync(join(folder, COMPLETE))) throw error;
      });
      return [];
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }
}
