#!/usr/bin/env node
// The dispatch-lab command. dist/ is built by `npm install` (the prepare script); build it here if it is missing.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) await import('../scripts/build.mjs');
await import(cli.href);
