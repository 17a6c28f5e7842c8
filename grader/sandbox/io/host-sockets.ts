import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { boundSocketPaths } from '../core/unix-sockets.ts';

// The unix sockets bound on the host at this moment, for a case's mount plan: read afresh for every case (a service
// may have bound one since the last), each at its real path, and only when a socket is really there.

/** Where the kernel lists the unix sockets of the grader's network namespace. */
const TABLE = '/proc/net/unix';

// The real paths of the host's bound path-name sockets that exist now; none when the table cannot be read.
export function hostSocketPaths(): string[] {
  let table: string;
  try {
    table = readFileSync(TABLE, 'utf8');
  } catch {
    return [];
  }
  const found = new Set<string>();
  for (const path of boundSocketPaths(table)) {
    try {
      const real = join(realpathSync(dirname(path)), basename(path));
      if (lstatSync(real).isSocket()) found.add(real);
    } catch {
      // Gone since it was bound (or its folder is): nothing to cover.
    }
  }
  return [...found];
}
