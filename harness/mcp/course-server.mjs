#!/usr/bin/env node
// The course's MCP server, for stage mcp-discovery: what it offers and its flags are in course-server-main.mjs.
//
//   node harness/mcp/course-server.mjs --name course --tools echo,add,stats [--upper a.b,c] [--exit-on-list] [--trace]
//
// This entry starts course-server.bundle.mjs, the one-file build of course-server-main.mjs that scripts/build.mjs writes
// (the SDK and zod inlined, so node reads one file instead of resolving a few hundred modules: a faster start for
// every mcp case), when that build was made from the course-server-main.mjs beside it; otherwise the source itself.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const source = new URL('./course-server-main.mjs', import.meta.url);
const bundle = new URL('./course-server.bundle.mjs', import.meta.url);

// The first line of a bundle built from `text` (scripts/build.mjs writes it).
export function bundleHeader(text) {
  return `// built from course-server-main.mjs, sha256 ${createHash('sha256').update(text).digest('hex')}\n`;
}

// Whether the bundle beside this file exists and was built from the current source.
function isBundleCurrent() {
  try {
    const expected = bundleHeader(readFileSync(source));
    const head = Buffer.alloc(expected.length);
    const fd = openSync(bundle, 'r');
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    return head.toString('utf8') === expected;
  } catch {
    return false;
  }
}

// Started as a program (not imported by scripts/build.mjs for bundleHeader): run the server.
const isMain = process.argv[1] !== undefined && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url;
if (isMain) await import((isBundleCurrent() ? bundle : source).href);
