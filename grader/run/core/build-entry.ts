// One entry of the build cache (io/build-cache.ts), as it is stored: a line of JSON saying what the bundle was built
// from and how long its parts are, then the bundle's bytes and its source map's. One file, so that a reader always sees
// a header and the bundle (and map) it belongs to.

/** What a cached bundle was built from; the entry is reused only while every fact still holds. */
export type BuildFacts = {
  /** Every file esbuild read, as the metafile names it (relative to the course directory), and its content hash. */
  inputs: [string, string][];
  /** Each folder that holds an input and a hash of its listing: a new file there can change what an import resolves to. */
  folders: [string, string][];
  /** The tsconfig.json, jsconfig.json and package.json files esbuild may read for the inputs, and their hash (null: none). */
  configs: [string, string | null][];
  /** The links the build left beside the bundle (the inlined packages): name and target. */
  links: [string, string][];
};

/** The first bytes of every entry: a format change makes older entries unreadable, never misread. */
const MAGIC = 'dispatch-lab-build 2 ';
const NEWLINE = 0x0a;

// An entry's bytes: the facts and the parts' lengths on one line, then the bundle, then its source map.
export function encodeEntry(facts: BuildFacts, bundle: Uint8Array, map: Uint8Array = new Uint8Array()): Uint8Array {
  const header = new TextEncoder().encode(`${MAGIC}${JSON.stringify({ facts, bundleBytes: bundle.length, mapBytes: map.length })}\n`);
  const entry = new Uint8Array(header.length + bundle.length + map.length);
  entry.set(header);
  entry.set(bundle, header.length);
  entry.set(map, header.length + bundle.length);
  return entry;
}

// The facts, bundle and source map (empty when the build had none) of an entry's bytes, or undefined for bytes that
// are not a whole entry of this format.
export function decodeEntry(entry: Uint8Array): { facts: BuildFacts; bundle: Uint8Array; map: Uint8Array } | undefined {
  const end = entry.indexOf(NEWLINE);
  if (end < 0) return undefined;
  const header = new TextDecoder().decode(entry.subarray(0, end));
  if (!header.startsWith(MAGIC)) return undefined;
  try {
    const { facts, bundleBytes, mapBytes } = JSON.parse(header.slice(MAGIC.length)) as { facts: BuildFacts; bundleBytes: number; mapBytes: number };
    if (![facts.inputs, facts.folders, facts.configs, facts.links].every(Array.isArray)) return undefined;
    if (!Number.isSafeInteger(bundleBytes) || !Number.isSafeInteger(mapBytes) || end + 1 + bundleBytes + mapBytes !== entry.length) return undefined;
    const bundleEnd = end + 1 + bundleBytes;
    return { facts, bundle: entry.subarray(end + 1, bundleEnd), map: entry.subarray(bundleEnd) };
  } catch {
    return undefined;
  }
}

// The first fact of `stored` that `now` contradicts ("program.ts changed"), or undefined when the entry still holds.
// `now` answers for a path (an input, a folder or a config file) what it holds today: a hash, null for none.
export function staleFact(stored: BuildFacts, now: { input(path: string): string | null; folder(path: string): string | null; config(path: string): string | null }): string | undefined {
  for (const [path, hash] of stored.inputs) if (now.input(path) !== hash) return `${path} changed`;
  for (const [path, hash] of stored.folders) if (now.folder(path) !== hash) return `the files in ${path} changed`;
  for (const [path, hash] of stored.configs) if (now.config(path) !== hash) return `${path} changed`;
  return undefined;
}
