import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, extname, join, sep } from 'node:path';
import { readStudentFileSync } from '../../sandbox/io/student-file.ts';

// What package-inlining.ts needs to know about installed packages: the MCP SDK's family as node would find it, which
// package a file belongs to, and whether node loads a file as an ES module.

/** The SDK whose packages are bundled ahead. */
export const SDK = '@modelcontextprotocol/sdk';

// The folder of an installed package seen from `fromDir`, as node looks for it: node_modules folders upward.
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules' && existsSync(join(dir, 'node_modules', name, 'package.json'))) return join(dir, 'node_modules', name);
    if (dirname(dir) === dir) return undefined;
  }
}

/** The largest package manifest read; a course may ship any file in place of one (a FIFO, /dev/zero). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** The largest package module read (to look for import.meta). */
export const MAX_MODULE_BYTES = 32 * 1024 * 1024;

// A package manifest's fields, read as a regular file of at most MAX_MANIFEST_BYTES whose real path lies in one of
// `roots` (student-file.ts), or undefined.
function readJson(file: string, roots: string[] = ['/']): Record<string, unknown> | undefined {
  const read = readStudentFileSync(file, { roots, maxBytes: MAX_MANIFEST_BYTES });
  try {
    return read.ok ? JSON.parse(read.bytes.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

// The SDK and every package it depends on (dependencies and peers that are installed), seen from the course: name →
// folder and version. Only manifests whose real path lies in `roots` are read (an isolated build: the submission and
// the node_modules folders above it).
export function sdkFamily(courseDir: string, roots?: string[]): Map<string, { dir: string; version: unknown }> {
  const names = new Map<string, { dir: string; version: unknown }>();
  const visit = (name: string, fromDir: string) => {
    if (names.has(name)) return;
    const found = packageDir(name, fromDir);
    if (found === undefined) return;
    // Its real path: courses whose node_modules link to one install share its bundled packages.
    const dir = realpathSync(found);
    const manifest = readJson(join(dir, 'package.json'), roots) ?? {};
    names.set(name, { dir, version: manifest.version });
    for (const field of ['dependencies', 'peerDependencies']) {
      const deps = manifest[field];
      if (deps && typeof deps === 'object') for (const dep of Object.keys(deps)) visit(dep, dir);
    }
  };
  visit(SDK, courseDir);
  return names;
}

// The package a file of node_modules belongs to ("zod", "@modelcontextprotocol/sdk"), or undefined for a file outside them.
export function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf(`${sep}node_modules${sep}`);
  if (at === -1) return undefined;
  const [first = '', second = ''] = path.slice(at + `${sep}node_modules${sep}`.length).split(sep);
  return first.startsWith('@') ? `${first}/${second}` : first;
}

// Whether node loads this file as an ES module: .mjs, or .js under a package.json whose type is "module".
export function isEsModule(path: string, typeCache: Map<string, boolean>): boolean {
  const ext = extname(path);
  if (ext === '.mjs') return true;
  if (ext !== '.js') return false;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const cached = typeCache.get(dir);
    if (cached !== undefined) return cached;
    const manifest = existsSync(join(dir, 'package.json')) ? readJson(join(dir, 'package.json')) : undefined;
    if (manifest !== undefined || dirname(dir) === dir) {
      const isModule = manifest?.type === 'module';
      typeCache.set(dir, isModule);
      return isModule;
    }
  }
}

// The file name a bundled module gets: its path inside node_modules, made safe, and a hash of its full path.
export function entryName(path: string): string {
  const at = path.lastIndexOf(`${sep}node_modules${sep}`);
  const inside = path.slice(at + `${sep}node_modules${sep}`.length).replace(/\.m?js$/, '');
  return `${inside.replace(/[^A-Za-z0-9._-]+/g, '_')}-${createHash('sha256').update(path).digest('hex').slice(0, 8)}`;
}
