import { FAMILY_FILES, FAMILY_WRAPPER } from '../core/family-files.ts';

// The two programs of the packages bundled ahead (core/family-files.ts), as source text: the loader every program that
// imports a package of the family runs (family.mjs, written beside the bundle), and the script a build runs once to
// take the bundle's V8 code cache. Both compile the bundle the same way (FAMILY_WRAPPER), as V8 matches a cache to it.

// The loader's source: it compiles the bundle as node compiles a CommonJS file (same wrapper, `require` from its own
// place: the modules it leaves to node are named by their full paths), with the code cache when that cache was taken
// from this very bundle, runs it once, and hands out each module on first use. `script` is exported so that one can ask
// V8 whether it took the cache (script.cachedDataRejected).
export function familyLoaderSource(): string {
  const files = FAMILY_FILES;
  return `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script, constants } from 'node:vm';

const file = fileURLToPath(new URL(${JSON.stringify(`./${files.bundle}`)}, import.meta.url));
const text = readFileSync(file, 'utf8');
// The bundle's first line names its build; the cache must start with that same line.
function cached() {
  try {
    const data = readFileSync(fileURLToPath(new URL(${JSON.stringify(`./${files.cache}`)}, import.meta.url)));
    const header = Buffer.from(text.slice(0, text.indexOf('\\n') + 1));
    return data.subarray(0, header.length).equals(header) ? data.subarray(header.length) : undefined;
  } catch {
    return undefined;
  }
}
export const script = new Script(${JSON.stringify(FAMILY_WRAPPER[0])} + text + ${JSON.stringify(FAMILY_WRAPPER[1])}, {
  filename: file,
  cachedData: cached(),
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
const module = { exports: {} };
script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
const loaded = new Map();
// The module of that file name, started on first use.
export function load(name) {
  if (!loaded.has(name)) loaded.set(name, module.exports[name]());
  return loaded.get(name);
}
`;
}

/** How long the cache script may take before the packages are kept without a cache. */
export const FAMILY_CACHE_TIMEOUT_MS = 30_000;

/** Marks the line of the cache script's stdout that holds the code cache (anything the packages print is above it). */
export const FAMILY_CACHE_LINE = 'dispatch-lab-code-cache:';

// The script (`node --input-type=module -e`) that takes the bundle's code cache as a case would load it: the bundle's
// text compiled with the loader's wrapper under the name it will have (V8 keeps in the cache the name a script had when
// it was taken, and stacks show that one), every module loaded once, then what V8 compiled. Its stdin: {text, file,
// names}; its stdout ends with a line FAMILY_CACHE_LINE + the bundle's first line and the cache, as base64 (the loader
// matches the two first lines). A node of its own, so that what the packages print or do as they load stays out of
// the build.
export const FAMILY_CACHE_SCRIPT = `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script, constants } from 'node:vm';
const { text, file, names } = JSON.parse(readFileSync(0, 'utf8'));
const script = new Script(${JSON.stringify(FAMILY_WRAPPER[0])} + text + ${JSON.stringify(FAMILY_WRAPPER[1])}, { filename: file, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
const module = { exports: {} };
script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
for (const name of names) {
  try {
    module.exports[name]();
  } catch {}
}
process.stdout.write('\\n${FAMILY_CACHE_LINE}' + Buffer.concat([Buffer.from(text.slice(0, text.indexOf('\\n') + 1)), script.createCachedData()]).toString('base64') + '\\n');
`;
