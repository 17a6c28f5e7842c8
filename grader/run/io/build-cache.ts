import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { decodeEntry, encodeEntry, staleFact, type BuildFacts } from '../core/build-entry.ts';
import { readStudentFile, readStudentFileSync } from '../../sandbox/io/student-file.ts';

// A host build of program.ts kept between runs: `dispatch-lab test` (and a watch's first run) on a program that has not
// changed copies the bundle it built last time instead of starting esbuild. One entry per course directory and build
// settings, in node_modules/.cache/dispatch-lab-builds/ (the node_modules that holds esbuild), or the course's
// .dispatch-lab/builds/ where that cannot be written. An entry is reused only while every file esbuild read is the same,
// byte for byte, the folders holding them list the same names (a new file can change what an import resolves to) and
// the tsconfig.json, jsconfig.json and package.json files that esbuild may read for them (and what a tsconfig extends)
// are the same; else the program is built and the entry replaced. Entries are written whole (a temp file renamed), so
// runs that race never read half of one; the least recently used go once there are more than MAX_ENTRIES.

/** Entries kept in one cache folder (a bundle with the reference is about 0.5 MB). */
export const MAX_ENTRIES = 64;
/** The config files esbuild reads beside or above a source file. */
const CONFIG_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json'];
/** The largest input or config file hashed, as an isolated build's input limit: a larger one (or a FIFO, a device) is a miss. */
const MAX_HASHED_BYTES = 32 * 1024 * 1024;
/** The largest entry read (a bundle and its map). */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
/** Files hashed or read here are named by the course (its imports, its configs and what they extend, an entry it may
 * ship in .dispatch-lab/builds): any regular file, never a FIFO or device, and only so much (student-file.ts). */
const ANYWHERE = ['/'];

/** The cache for one course directory and build settings. */
export type BuildCache = {
  /** Writes the cached bundle to `bundlePath` (its source map and links beside it) when its entry still holds; whether it did. */
  restore(bundlePath: string): Promise<boolean>;
  /** Keeps the bundle and map a build just wrote to `bundlePath` (and `<bundlePath>.map`) from `inputs` (its metafile's, relative to the course directory); their bytes are given, not read back. */
  store(bundlePath: string, inputs: string[], output: { bundle: Uint8Array; map?: Uint8Array }): Promise<void>;
};

// The hash of some bytes, short.
function hashOf(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 32);
}

// The hash of a file's content, or null when it cannot be read (absent, a folder).
function fileHash(path: string): string | null {
  const read = readStudentFileSync(path, { roots: ANYWHERE, maxBytes: MAX_HASHED_BYTES });
  return read.ok ? hashOf(read.bytes) : null;
}

// The hash of a folder's listing: its names, with where each link points; null when it cannot be read.
function folderHash(path: string): string | null {
  try {
    const names = readdirSync(path, { withFileTypes: true }).map((e) => (e.isSymbolicLink() ? `${e.name} -> ${readlinkSync(join(path, e.name))}` : e.name));
    return hashOf(names.sort().join('\n'));
  } catch {
    return null;
  }
}

// esbuild's installed folder and version, read from its package.json without loading esbuild.
function esbuildInstall(): { dir: string; version: string } {
  const manifest = createRequire(import.meta.url).resolve('esbuild/package.json');
  return { dir: dirname(manifest), version: String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version) };
}

// Every folder from each of `folders` up to the root.
function foldersAndAbove(folders: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (let dir of folders) {
    while (!all.has(dir)) {
      all.add(dir);
      if (dirname(dir) === dir) break;
      dir = dirname(dir);
    }
  }
  return all;
}

// `files` and, after them, every file a tsconfig.json or jsconfig.json among them `extends` (followed to its end): a
// setting changed only in an extended file changes the bundle as well.
function withExtended(files: string[]): string[] {
  const all = [...files];
  const seen = new Set(files);
  for (let i = 0; i < all.length; i++) {
    const file = all[i] as string;
    if (!/[tj]sconfig[^/]*\.json$/.test(file)) continue;
    const read = readStudentFileSync(file, { roots: ANYWHERE, maxBytes: MAX_HASHED_BYTES });
    if (!read.ok) continue;
    const text = read.bytes.toString('utf8');
    const extended = (parseJsonc(text) as { extends?: unknown } | undefined)?.extends;
    for (const spec of (Array.isArray(extended) ? extended : [extended]).filter((e): e is string => typeof e === 'string')) {
      const target = resolveExtended(file, spec);
      if (target !== undefined && !seen.has(target)) {
        seen.add(target);
        all.push(target);
      }
    }
  }
  return all;
}

// Where a config's `extends` points: a path beside it (".json" added when it has none), or a package's file.
function resolveExtended(config: string, spec: string): string | undefined {
  if (spec.startsWith('.') || isAbsolute(spec)) {
    const path = resolve(dirname(config), spec);
    return path.endsWith('.json') ? path : `${path}.json`;
  }
  try {
    return createRequire(config).resolve(spec);
  } catch {
    return undefined;
  }
}

// The facts of a build of `inputs` in `courseDir` as they are now, with the links beside its bundle; undefined when an
// input is not a file that can be read (one of another namespace).
async function factsNow(courseDir: string, inputs: string[], outDir: string): Promise<BuildFacts | undefined> {
  const hashed: [string, string][] = [];
  for (const input of [...inputs].sort()) {
    const hash = fileHash(join(courseDir, input));
    if (hash === null) return undefined;
    hashed.push([input, hash]);
  }
  const folders = [...new Set(inputs.map((input) => dirname(join(courseDir, input))))].sort();
  const configs = withExtended([...foldersAndAbove(folders)].sort().flatMap((dir) => CONFIG_FILES.map((name) => join(dir, name))));
  const links: [string, string][] = [];
  for (const entry of await readdir(outDir, { withFileTypes: true })) if (entry.isSymbolicLink()) links.push([entry.name, await readlink(join(outDir, entry.name))]);
  return {
    inputs: hashed,
    folders: folders.map((dir) => [dir, folderHash(dir) ?? '']),
    configs: configs.map((file) => [file, fileHash(file)]),
    links,
  };
}

// Removes the least recently used entries of `root` past MAX_ENTRIES (a restore touches its entry).
async function prune(root: string): Promise<void> {
  const names = (await readdir(root)).filter((name) => name.endsWith('.build'));
  if (names.length <= MAX_ENTRIES) return;
  const aged = await Promise.all(names.map(async (name) => ({ name, mtimeMs: await stat(join(root, name)).then((s) => s.mtimeMs, () => 0) })));
  aged.sort((a, b) => a.mtimeMs - b.mtimeMs);
  await Promise.all(aged.slice(0, aged.length - MAX_ENTRIES).map((e) => rm(join(root, e.name), { force: true })));
}

// The cache of `courseDir`'s builds with `settings` (everything else that decides the bundle: the build options, the
// packages inlined and their versions). Any fault of the cache itself is a miss, never a failed build.
export function buildCache(courseDir: string, settings: unknown): BuildCache {
  const esbuild = esbuildInstall();
  const roots = [join(esbuild.dir, '..', '.cache', 'dispatch-lab-builds'), join(courseDir, '.dispatch-lab', 'builds')];
  const name = `${hashOf(JSON.stringify({ courseDir, settings, esbuild: esbuild.version }))}.build`;
  return {
    async restore(bundlePath) {
      for (const root of roots) {
        const read = await readStudentFile(join(root, name), { roots: [root], maxBytes: MAX_ENTRY_BYTES });
        const entry = read.ok ? decodeEntry(read.bytes) : undefined;
        if (!entry) continue;
        if (staleFact(entry.facts, { input: (p) => fileHash(join(courseDir, p)), folder: folderHash, config: fileHash }) !== undefined) return false;
        try {
          // A link's target went away (a cache folder cleaned): build.
          await Promise.all(entry.facts.links.map(([, target]) => stat(target)));
          await writeFile(bundlePath, entry.bundle);
          if (entry.map.length > 0) await writeFile(`${bundlePath}.map`, entry.map);
          for (const [link, target] of entry.facts.links) await symlink(target, join(dirname(bundlePath), link));
          const now = new Date();
          await utimes(join(root, name), now, now).catch(() => undefined);
          return true;
        } catch {
          return false;
        }
      }
      return false;
    },
    async store(bundlePath, inputs, output) {
      const facts = await factsNow(courseDir, inputs, dirname(bundlePath)).catch(() => undefined);
      if (!facts) return;
      const entry = encodeEntry(facts, output.bundle, output.map);
      for (const root of roots) {
        const temp = join(root, `${name}.${process.pid}.${randomUUID().slice(0, 8)}`);
        try {
          await mkdir(root, { recursive: true });
          await writeFile(temp, entry);
          await rename(temp, join(root, name));
          await prune(root).catch(() => undefined);
          return;
        } catch {
          await rm(temp, { force: true });
        }
      }
    },
  };
}
