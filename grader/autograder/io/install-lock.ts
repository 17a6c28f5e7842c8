import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Lockfile } from '../core/autograder-lock.ts';

// The lockfile that installed the dispatch-lab package at `root`, and the package's path in it: a checkout's own
// package-lock.json (path ""), else the nearest project above it whose package-lock.json (or npm's hidden
// node_modules/.package-lock.json) lists it. Undefined when there is none (installed without a lockfile, or by another tool).
export async function readInstallLock(root: string): Promise<{ lock: Lockfile; self: string } | undefined> {
  for (let dir = root; ; dir = dirname(dir)) {
    const self = relative(dir, root).split(sep).join('/');
    for (const file of [join(dir, 'package-lock.json'), join(dir, 'node_modules', '.package-lock.json')]) {
      const lock = await readFile(file, 'utf8').then((text) => JSON.parse(text) as Lockfile, () => undefined);
      if (lock?.packages && Object.hasOwn(lock.packages, self)) return { lock, self };
    }
    if (dirname(dir) === dir) return undefined;
  }
}
