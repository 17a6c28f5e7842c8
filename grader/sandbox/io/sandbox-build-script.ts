// The program that builds a submission inside its sandbox (--isolate): `node --input-type=module -e SCRIPT CONFIG`.
// It bundles program.ts with esbuild as an unisolated build does, but every file esbuild loads must be a regular file
// whose real path lies in the submission or a node_modules folder it loads packages from. The ES modules of the MCP
// SDK's family that do not ask where they live (import.meta) are bundled ahead into the packages folder, by the rules of
// run/io/package-inlining.ts (which a host build follows; those rules are written again here, in plain JavaScript, since
// the grader's own files are hidden in the sandbox; the pure parts, run/core/family-files.ts, are carried as their
// source text). Every file goes to stdout in the form core/build-output.ts reads (the packages' code cache, made by a
// node of its own in the sandbox, as base64); the build's messages to stderr as one JSON line.

import { bundledKind, cjsExportNames, esmExportNames, FAMILY_FILES, familyEntrySource, familyShimSource, fileLookup, namedFile } from '../../run/core/family-files.ts';
import { FAMILY_CACHE_LINE, FAMILY_CACHE_SCRIPT, FAMILY_CACHE_TIMEOUT_MS } from '../../run/io/family-scripts.ts';

/** What the script is given (as JSON, its one argument). */
export type SandboxBuildConfig = {
  /** esbuild's entry module (file URL) and, when found, its binary: both shown read-only in the sandbox. */
  esbuild: string;
  esbuildBinary?: string;
  courseDir: string;
  /** Where the bundle will live on the host (its inline source map is relative to it). */
  outfile: string;
  /** Real paths every input file must lie in: the submission and its node_modules folders. */
  allowed: string[];
  /** Real paths no input file may lie in, even inside an allowed one: the hidden folders (node_modules/dispatch-lab). */
  denied: string[];
  /** The most bytes all input files may have together. */
  maxInputBytes: number;
  /** The MCP SDK's family (run/io/sdk-family.ts): the packages whose ES modules are bundled ahead, as a host build does. */
  family: string[];
  /** The folder beside the bundle the family's bundled modules go to, e.g. "packages-1". */
  packagesDir: string;
  /** The source of cjs-module-lexer's JavaScript build (CommonJS), and of the packages' loader (familyLoaderSource). */
  lexer: string;
  loader: string;
  /** The first line of the packages' bundle, which its code cache starts with too (core/family-files.ts). */
  bundleHeader: string;
};

/** Marks the line of stderr that holds the build's messages as JSON. */
export const MESSAGES_PREFIX = 'dispatch-lab-build-messages:';
/** A file of the output whose name ends so holds bytes, as base64: the grader writes them under the name without it. */
export const BASE64_SUFFIX = '.base64';

// Plain JavaScript: node runs it as it is, with no build step of its own.
export const SANDBOX_BUILD_SCRIPT = `
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, extname, join, relative } from 'node:path';
const config = JSON.parse(process.argv[1]);
if (config.esbuildBinary) process.env.ESBUILD_BINARY_PATH = config.esbuildBinary;
const esbuild = await import(config.esbuild);
const within = (path, root) => path === root || path.startsWith(root.endsWith('/') ? root : root + '/');
let total = 0;
const guard = {
  name: 'dispatch-lab-inputs',
  setup(build) {
    build.onLoad({ filter: /.*/ }, (args) => {
      const refuse = (why) => ({ errors: [{ text: 'refused to build ' + JSON.stringify(args.path) + ': ' + why }] });
      let real, stat;
      try {
        real = realpathSync(args.path);
        stat = statSync(real);
      } catch (error) {
        return refuse('it cannot be read (' + (error.code || error.message) + ')');
      }
      if (!config.allowed.some((root) => within(real, root))) return refuse('it is ' + (real === args.path ? '' : 'a link to ' + JSON.stringify(real) + ', ') + 'outside the submission and its node_modules; a submission may import only its own files and installed packages');
      if (config.denied.some((root) => within(real, root))) return refuse("it lies in a folder hidden from the submission (the grader's own files or another submission)");
      if (!stat.isFile()) return refuse('it is not a regular file (a FIFO, device, socket or folder cannot be imported)');
      total += stat.size;
      if (total > config.maxInputBytes) return refuse('the files imported so far hold more than ' + config.maxInputBytes + ' bytes, the most a build may read');
      return undefined;
    });
  },
};
// The package a file of node_modules belongs to, or undefined.
const packageOf = (path) => {
  const at = path.lastIndexOf('/node_modules/');
  if (at === -1) return undefined;
  const [first = '', second = ''] = path.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? first + '/' + second : first;
};
// A regular file of at most the input limit, read; undefined otherwise (a FIFO is never opened).
const readSmall = (path) => {
  try {
    const stat = statSync(path);
    return stat.isFile() && stat.size <= config.maxInputBytes ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
};
const types = new Map();
// Whether node loads the file as an ES module: .mjs, or .js under a package.json whose type is "module".
const isEsModule = (path) => {
  if (extname(path) === '.mjs') return true;
  if (extname(path) !== '.js') return false;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (types.has(dir)) return types.get(dir);
    const text = readSmall(join(dir, 'package.json'));
    if (text !== undefined || dirname(dir) === dir) {
      let type;
      try { type = JSON.parse(text ?? '{}').type; } catch {}
      types.set(dir, type === 'module');
      return type === 'module';
    }
  }
};
const family = new Set(config.family);
const bundledKind = ${bundledKind.toString()};
const kinds = new Map();
const kindOf = (path) => {
  const pkg = packageOf(path);
  if (pkg === undefined || !family.has(pkg)) return undefined;
  if (!kinds.has(path)) {
    const text = readSmall(path);
    kinds.set(path, text === undefined ? undefined : bundledKind(path, text, isEsModule(path)));
  }
  return kinds.get(path);
};
const isEntry = (path) => ['esm', 'cjs'].includes(kindOf(path));
const entryName = (path) => path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length).replace(/\\.m?js$/, '').replace(/[^A-Za-z0-9._-]+/g, '_') + '-' + createHash('sha256').update(path).digest('hex').slice(0, 8);
const INNER = Symbol('inner');
const wanted = new Map();
// Every package import left to node, but the family's modules, which point to the packages folder.
const inliner = {
  name: 'dispatch-lab-package-inlining',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === INNER || isBuiltin(args.path)) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: INNER });
      if (found.errors.length > 0 || found.external) return { path: args.path, external: true };
      if (packageOf(found.path) === undefined) return { path: found.path, namespace: found.namespace, sideEffects: found.sideEffects };
      if (!isEntry(found.path)) return { path: args.path, external: true };
      const name = entryName(found.path);
      wanted.set(name, found.path);
      return { path: './' + config.packagesDir + '/' + name + '.mjs', external: true };
    });
  },
};
const namedFile = ${namedFile.toString()};
const fileLookup = ${fileLookup.toString()};
const machineFiles = fileLookup(join, realpathSync, statSync);
// Inside the packages' build: what kindOf allows is bundled, anything else is loaded by node from its file.
const packages = {
  name: 'dispatch-lab-packages',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === INNER || args.kind === 'entry-point' || isBuiltin(args.path)) return undefined;
      const named = namedFile(args.path, args.resolveDir, machineFiles);
      const found = named !== undefined ? { path: named, errors: [], external: false } : await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: INNER });
      if (found.errors.length > 0) return { path: args.path, external: true };
      if (found.external || kindOf(found.path) !== undefined) return undefined;
      return { path: found.path, external: true };
    });
  },
};
const familyEntrySource = ${familyEntrySource.toString()};
const familyShimSource = ${familyShimSource.toString()};
const cjsExportNames = ${cjsExportNames.toString()};
const esmExportNames = ${esmExportNames.toString()};
const lexer = { exports: {} };
new Function('module', 'exports', config.lexer)(lexer, lexer.exports);
const cjsLookup = {
  parse: (source) => lexer.exports.parse(source),
  resolve(specifier, from) {
    try {
      return createRequire(from).resolve(specifier);
    } catch {
      return undefined;
    }
  },
  read: readSmall,
  isCommonJs: (path) => !path.endsWith('.json') && !path.endsWith('.node') && !isEsModule(path),
};
// The packages folder's files (as a host build writes them, run/io/package-inlining.ts): the bundle and its map, the
// loader, a module per entry, the code cache (as base64).
async function packagesAhead(common, dir) {
  const entries = [...wanted].sort(([a], [b]) => (a < b ? -1 : 1));
  const esm = entries.filter(([, path]) => kindOf(path) === 'esm');
  let names = new Map();
  if (esm.length > 0) {
    const found = esmExportNames(await esbuild.build({ ...common, entryPoints: Object.fromEntries(esm), outdir: dir, entryNames: '[name]', splitting: true, metafile: true, plugins: [guard, packages] }));
    if (typeof found === 'string') throw new Error(found);
    names = found;
  }
  const described = entries.map(([name, path]) => {
    const kind = kindOf(path) === 'esm' ? 'esm' : 'cjs';
    return { name, path, kind, exports: kind === 'esm' ? (names.get(name) ?? []) : cjsExportNames(path, cjsLookup) };
  });
  const bundleFile = join(dir, ${JSON.stringify(FAMILY_FILES.bundle)});
  const bundled = await esbuild.build({
    ...common, format: 'cjs', outfile: bundleFile, sourcesContent: false, plugins: [guard, packages],
    stdin: { contents: familyEntrySource(described), resolveDir: config.courseDir, sourcefile: 'dispatch-lab-packages.cjs', loader: 'js' },
    banner: { js: config.bundleHeader },
  });
  const out = [...bundled.outputFiles];
  out.push({ path: join(dir, ${JSON.stringify(FAMILY_FILES.loader)}), text: config.loader });
  for (const entry of described) {
    const shim = familyShimSource(entry, ${JSON.stringify(FAMILY_FILES.loader)});
    if (shim === undefined) throw new Error(entry.path + ': an export name is not well-formed Unicode');
    out.push({ path: join(dir, entry.name + '.mjs'), text: shim });
  }
  const text = out.find((f) => f.path === bundleFile)?.text ?? '';
  const made = spawnSync(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(FAMILY_CACHE_SCRIPT)}], { input: JSON.stringify({ text, file: bundleFile, names: entries.map(([name]) => name) }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: ${FAMILY_CACHE_TIMEOUT_MS} });
  // The last such line: the script writes it last, after anything the packages printed.
  const line = (made.stdout ?? '').split('\\n').filter((l) => l.startsWith(${JSON.stringify(FAMILY_CACHE_LINE)})).at(-1);
  if (made.status === 0 && line !== undefined) out.push({ path: join(dir, ${JSON.stringify(FAMILY_FILES.cache + BASE64_SUFFIX)}), text: line.slice(${JSON.stringify(FAMILY_CACHE_LINE)}.length) });
  return out;
}
const messages = (list) => list.map((m) => ({ text: m.text, location: m.location && { file: m.location.file, line: m.location.line, column: m.location.column, lineText: m.location.lineText } }));
try {
  const outDir = dirname(config.outfile);
  const common = { absWorkingDir: config.courseDir, write: false, bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', logLevel: 'silent' };
  const program = { ...common, entryPoints: [config.courseDir + '/program.ts'], outfile: config.outfile };
  let files = (await esbuild.build({ ...program, plugins: [guard, inliner] })).outputFiles;
  if (wanted.size > 0) {
    try {
      files = [...files, ...(await packagesAhead(common, join(outDir, config.packagesDir)))];
    } catch {
      // As a host build does: should the packages not build, the program is built as before, its packages left to node.
      total = 0;
      files = (await esbuild.build({ ...program, packages: 'external', plugins: [guard] })).outputFiles;
    }
  }
  process.stdout.write(JSON.stringify({ files: files.map((f) => [relative(outDir, f.path), f.text]) }));
} catch (error) {
  const list = Array.isArray(error.errors) ? messages(error.errors) : [{ text: String(error) }];
  process.stderr.write('\\n${MESSAGES_PREFIX}' + JSON.stringify(list) + '\\n');
  process.exitCode = 1;
}
`;
