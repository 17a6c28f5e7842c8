// One entry of the build cache (io/build-cache.ts), as it is stored: a line of JSON saying what the bundle was built
// from, then the bundle's bytes. One file, so that a reader always sees a header and the bundle it belongs to.

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
const MAGIC = 'dispatch-lab-build 1 ';
const NEWLINE = 0x0a;

// An entry's bytes: the facts on one line, then the bundle.
export function encodeEntry(facts: BuildFacts, bundle: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode(`${MAGIC}${JSON.stringify(facts)}\n`);
  const entry = new Uint8Array(header.length + bundle.length);
  entry.set(header);
  entry.set(bundle, header.length);
  return entry;
}

// The facts and bundle of an entry's bytes, or undefined for bytes that are not an entry of this format.
export function decodeEntry(entry: Uint8Array): { facts: BuildFacts; bundle: Uint8Array } | undefined {
  const end = entry.indexOf(NEWLINE);
  if (end < 0) return undefined;
  const header = new TextDecoder().decode(entry.subarray(0, end));
  if (!header.startsWith(MAGIC)) return undefined;
  try {
    const facts = JSON.parse(header.slice(MAGIC.length)) as BuildFacts;
    if (![facts.inputs, facts.folders, facts.configs, facts.links].every(Array.isArray)) return undefined;
    return { facts, bundle: entry.subarray(end + 1) };
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
