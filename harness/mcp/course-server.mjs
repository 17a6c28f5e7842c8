#!/usr/bin/env node
// The course's MCP server, for stage mcp-discovery: what it offers and its flags are in course-server-main.mjs.
//
//   node harness/mcp/course-server.mjs --name course --tools echo,add,stats [more flags: see course-server-main.mjs]
//
// This entry starts course-server.bundle.cjs, the one-file CommonJS build of course-server-main.mjs that
// scripts/build.mjs writes (the SDK and zod inlined: node reads one file instead of resolving a few hundred modules),
// when that build was made from the course-server-main.mjs beside it; otherwise the source itself. The bundle is
// compiled with the V8 code cache scripts/build.mjs left beside it (course-server.bundle.cache) when that cache was
// taken from this very bundle; V8 refuses one from another node or other flags, and then compiles as if there were none.
// Nothing here writes the cache: a case never changes harness/.
// node's modules are taken with process.getBuiltinModule, not imported: an import of node:fs into an ES module makes
// node build its ES module form, which loads node:stream (fs's stream classes) for a server that never uses it.
const { readFileSync, realpathSync } = process.getBuiltinModule('node:fs');
const { createRequire } = process.getBuiltinModule('node:module');
const { dirname } = process.getBuiltinModule('node:path');
const { fileURLToPath, pathToFileURL } = process.getBuiltinModule('node:url');
const { Script } = process.getBuiltinModule('node:vm');

const source = new URL('./course-server-main.mjs', import.meta.url);
export const bundleFile = fileURLToPath(new URL('./course-server.bundle.cjs', import.meta.url));
export const cacheFile = fileURLToPath(new URL('./course-server.bundle.cache', import.meta.url));

// A digest of the source `text`: its length and a 64-bit hash of its UTF-16 code units (two multiply-xor lanes mixed at
// the end). Not a secure hash, and it needs to be none: it only tells whether the bundle beside the source was built
// from it (whoever can edit one of the two files can edit both). node:crypto is not loaded for it: that would cost
// every mcp case about 3 ms at the start of its server.
export function sourceDigest(text) {
  let h1 = 0xdeadbeef ^ text.length;
  let h2 = 0x41c6ce57 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 0x9e3779b1);
    h2 = Math.imul(h2 ^ unit, 0x5f356495);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  const hex = (n) => (n >>> 0).toString(16).padStart(8, '0');
  return `${text.length}:${hex(h2)}${hex(h1)}`;
}

// The first line of a bundle built from the source `text`, up to the build's own id (scripts/build.mjs writes the
// line, the id after it: a hash of the bundle's code).
export function bundleHeader(text) {
  return `// built from course-server-main.mjs, digest ${sourceDigest(text)}, build `;
}

// The build id of a bundle `text` (the rest of its first line), or undefined when it was not built from `sourceText`.
export function buildIdOf(text, sourceText) {
  const header = bundleHeader(sourceText);
  const end = text.indexOf('\n');
  return text.startsWith(header) && end > header.length ? text.slice(header.length, end) : undefined;
}

// What a code cache taken from the bundle of that build id starts with: V8 checks only that a cache was made for a
// source of the same length, so a cache must outlive no rebuild.
export function cacheHeader(buildId) {
  return Buffer.from(`code cache of build ${buildId}\n`);
}

// The current bundle, when it was built from the source beside it: its text and build id.
function currentBundle() {
  try {
    const text = readFileSync(bundleFile, 'utf8');
    const buildId = buildIdOf(text, readFileSync(source, 'utf8'));
    return buildId === undefined ? undefined : { text, buildId };
  } catch {
    return undefined;
  }
}

// The V8 code cache for the bundle of that build id, or undefined when it is missing or was taken from another build.
export function cachedDataFor(buildId, cache = cacheFile) {
  try {
    const data = readFileSync(cache);
    const header = cacheHeader(buildId);
    return data.subarray(0, header.length).equals(header) ? data.subarray(header.length) : undefined;
  } catch {
    return undefined;
  }
}

// Compiles and runs the bundle `text` as node would run a CommonJS module of that file, with `cachedData` when given;
// returns the compiled script (scripts/build.mjs takes its code cache from it).
export function runBundle(text, cachedData) {
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${text}\n})`, { filename: bundleFile, cachedData });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
  return script;
}

// Started as a program (not imported by scripts/build.mjs): run the server.
const isMain = process.argv[1] !== undefined && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url;
if (isMain) {
  const bundle = currentBundle();
  if (bundle === undefined) await import(source.href);
  else runBundle(bundle.text, cachedDataFor(bundle.buildId));
}
