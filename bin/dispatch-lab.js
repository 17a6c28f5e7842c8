#!/usr/bin/env node
// The dispatch-lab command. The published package ships dist/ prebuilt; a checkout builds it on `npm install` (the
// prepare script), and here when it is missing. An install with neither is broken: say so, never a stack trace.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
const build = new URL('../scripts/build.mjs', import.meta.url);
if (!existsSync(cli)) {
  if (!existsSync(build)) {
    process.stderr.write(`dispatch-lab: this install has no dist/cli.js (the built CLI) and no sources to build it from: reinstall dispatch-lab\n`);
    process.exit(2);
  }
  await import(build.href);
}
await import(cli.href);
