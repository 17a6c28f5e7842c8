#!/usr/bin/env node
// The dispatch-lab command. The published package ships dist/ prebuilt (built by `prepack`) and no grader sources; a
// checkout of the kit builds dist/ here when it is missing or older than a file under grader/ or a .ts file under
// harness/ (the grader bundles the commands' declarations and their input schemas), so `npm install && npx dispatch-lab
// test` works in a fresh clone, with no install script. An install with neither is broken: say so.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
const build = new URL('../scripts/build.mjs', import.meta.url);
const sources = fileURLToPath(new URL('../grader', import.meta.url));
const declarations = fileURLToPath(new URL('../harness', import.meta.url));

// Whether a file under `dir` (a .ts file when `tsOnly`: the build writes a .mjs into harness/) changed after `time` (ms).
function changedSince(dir, time, tsOnly = false) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile() && (!tsOnly || entry.name.endsWith('.ts')) && statSync(`${entry.parentPath}/${entry.name}`).mtimeMs > time);
}

const isBuilt = existsSync(cli);
if (!isBuilt && !existsSync(build)) {
  process.stderr.write('dispatch-lab: this install has no dist/cli.js (the built CLI) and no sources to build it from: reinstall dispatch-lab\n');
  process.exit(2);
}
const stale = isBuilt && [sources, declarations].find((dir) => existsSync(dir) && changedSince(dir, statSync(cli).mtimeMs, dir === declarations));
if (existsSync(build) && (!isBuilt || stale)) {
  process.stderr.write(isBuilt ? `dispatch-lab: ${stale === sources ? 'grader/' : 'harness/'} changed since dist/ was built: rebuilding…\n` : 'dispatch-lab: building dist/ (a checkout of the kit)…\n');
  await import(build.href);
}
await import(cli.href);
