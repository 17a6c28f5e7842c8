import { realpathSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lookAtStudentFileSync, readStudentFileSync, type StudentFileRule } from '../../sandbox/io/student-file.ts';
import type { FindOriginal } from '../core/mapped-stack.ts';

// The source maps of the grader's own builds, read when a run's stack names one of their files. A name a program
// printed is only a name: it is read (student-file.ts) only when its real path lies in the build's output folder (or
// the bundled packages it links to), it is a regular file and no larger than a build may write, so a made-up
// position elsewhere ("<build>/../../etc/x.mjs", a FIFO, /dev/zero) gets back as printed without a read. No source
// is ever read from disk (a line comes from the map's sourcesContent), so a map cannot be made to quote a file.

/** Files of one text looked up at most: a flood of made-up positions costs a bounded number of reads. */
const MAX_FILES = 16;
/** The largest built file or map read: what an isolated build may write (isolated-build.ts). */
const MAX_READ_BYTES = 64 * 1024 * 1024;

type Loaded = {
  stamp: string;
  map: SourceMap | undefined;
  /** The map's sources as it names them (findEntry's originalSource), and as paths. */
  named: string[];
  paths: string[];
  /** Each source's lines, from sourcesContent, split when first asked for. */
  lines: (string[] | undefined)[];
  contents: (string | null)[];
};
/** Maps by built file (its real path), kept across runs while the file is unchanged (watch mode rebuilds in place). */
const cache = new Map<string, Loaded>();

// The text of a map a built file names: a data: URL, or a file beside it; empty when there is none it may read.
function mapText(url: string, mapUrl: URL, file: string, rule: StudentFileRule): string {
  if (mapUrl.protocol === 'data:') return Buffer.from(url.slice(url.indexOf(',') + 1), url.includes(';base64,') ? 'base64' : 'utf8').toString('utf8');
  if (mapUrl.protocol !== 'file:' || dirname(fileURLToPath(mapUrl)) !== dirname(file)) return '';
  const read = readStudentFileSync(fileURLToPath(mapUrl), rule);
  return read.ok ? read.bytes.toString('utf8') : '';
}

// The map a built file names on its last sourceMappingURL line, or undefined when the file may not be read (outside
// the build's output, not a regular file, too large).
function load(named: string, rule: StudentFileRule): Loaded | undefined {
  const look = lookAtStudentFileSync(named, rule);
  if (!look.ok) return undefined;
  const file = look.realPath;
  const stamp = `${look.stat.mtimeMs}:${look.stat.size}:${look.stat.ino}`;
  const known = cache.get(file);
  if (known?.stamp === stamp) return known;
  let loaded: Loaded = { stamp, map: undefined, named: [], paths: [], lines: [], contents: [] };
  try {
    const read = readStudentFileSync(file, rule);
    if (!read.ok) return undefined;
    const code = read.bytes.toString('utf8');
    const at = code.lastIndexOf('//# sourceMappingURL=');
    const url = at === -1 ? '' : code.slice(at + '//# sourceMappingURL='.length).trim();
    const mapUrl = new URL(url, pathToFileURL(file));
    const text = mapText(url, mapUrl, file, rule);
    if (text !== '') {
      const payload = JSON.parse(text) as { sources?: string[]; sourceRoot?: string; sourcesContent?: (string | null)[] };
      const base = new URL(payload.sourceRoot ? `${payload.sourceRoot.replace(/\/?$/, '/')}` : './', mapUrl.protocol === 'data:' ? pathToFileURL(file) : mapUrl);
      const named = payload.sources ?? [];
      const paths = named.map((s) => {
        const resolved = new URL(s, base);
        return resolved.protocol === 'file:' ? fileURLToPath(resolved) : s;
      });
      loaded = { stamp, map: new SourceMap(payload as never), named, paths, lines: [], contents: payload.sourcesContent ?? [] };
    }
  } catch {
    // Not a map we can read: its positions stay as printed.
  }
  cache.set(file, loaded);
  return loaded;
}

// Looks up positions in the files of the build whose output folder holds `bundlePath`. Nothing is read until a
// position is looked up: a run whose stderr names no built file costs no system call here.
export function buildPositions(bundlePath: string): FindOriginal {
  const outDir = dirname(bundlePath);
  let roots: string[] | undefined;
  // Node names a module by its real path: the folder as given, as it really is, and the packages folder it links to.
  const rootsOf = (): string[] => {
    const found = [outDir];
    for (const dir of [outDir, join(outDir, 'packages')]) {
      try {
        found.push(realpathSync(dir));
      } catch {
        // Not there (no bundled packages).
      }
    }
    return found;
  };
  // A cheap first look at the name as printed; the real test is the file's real path (load).
  const mayBeOurs = (file: string) => (roots ??= rootsOf()).some((root) => file.startsWith(`${root}${sep}`));
  const looked = new Set<string>();
  return (file, line, column) => {
    if (!mayBeOurs(file)) return undefined;
    if (!looked.has(file)) {
      if (looked.size >= MAX_FILES) return undefined;
      looked.add(file);
    }
    const loaded = load(file, { roots: roots ?? [], maxBytes: MAX_READ_BYTES });
    if (!loaded?.map) return undefined;
    const entry = loaded.map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return undefined;
    const index = loaded.named.indexOf(entry.originalSource);
    const path = index === -1 ? entry.originalSource : (loaded.paths[index] as string);
    if (index !== -1 && loaded.lines[index] === undefined) loaded.lines[index] = loaded.contents[index]?.split('\n');
    const sourceLine = index === -1 ? undefined : loaded.lines[index]?.[entry.originalLine];
    return { path, line: entry.originalLine + 1, column: entry.originalColumn + 1, ...(sourceLine !== undefined ? { sourceLine: sourceLine.replace(/\r$/, '') } : {}) };
  };
}
