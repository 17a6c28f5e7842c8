import { readlinkSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Owner, ownerOf, ownerTag } from '../core/owner-tag.ts';
import { CASE_DIR_PREFIX } from '../core/temp-names.ts';

// A grader killed at once (kill -9, the machine's OOM killer) leaves its case temp dirs, its per-case cgroups and its
// build folders behind. Each is named with its owner (owner-tag.ts); the next grader removes those whose owner is gone:
// only names of the grader's own making, only of its own PID namespace (a container sharing /tmp has its own), only
// when that process no longer exists (a running grader's are never touched).

let own: Owner | undefined;

// This grader's owner: its PID namespace (the inode of /proc/self/ns/pid; 0 where it cannot be read) and its pid.
export function ownOwner(): Owner {
  if (own) return own;
  let namespace = 0;
  try {
    namespace = Number(/\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? 0);
  } catch {
    // No /proc: every leftover then counts as another namespace's, and stays.
  }
  own = { namespace, pid: process.pid };
  return own;
}

// This grader's tag, for the names of what it makes.
export function ownTag(): string {
  return ownerTag(ownOwner());
}

// Whether the grader that made something is gone: of this PID namespace, and no process has its pid.
function isGone(owner: Owner): boolean {
  if (owner.namespace !== ownOwner().namespace || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

// Remove, with `remove`, every entry of `dir` named "<prefix><tag>-…" for one of `prefixes` whose owner is gone; the
// names removed. A folder that cannot be read or an entry that cannot be removed is left as it is.
export async function sweepLeftovers(dir: string, prefixes: string[], remove: (path: string) => Promise<unknown>): Promise<string[]> {
  const names = await readdir(dir).catch((): string[] => []);
  const gone = names.filter((name) => prefixes.some((prefix) => {
    const owner = ownerOf(name, prefix);
    return owner !== undefined && isGone(owner);
  }));
  const removed = await Promise.all(gone.map((name) => remove(join(dir, name)).then(() => name, () => undefined)));
  return removed.filter((name): name is string => name !== undefined);
}

/** What a killed grader may have left: where its case temp dirs live, the course folders it built in, its cgroup parents. */
export type LeftoverPlaces = { tempRoot: string; courseDirs: string[]; cgroupParents: string[] };

/** The prefixes of the grader's own temp dirs (run-case.ts, isolated-build.ts, isolation.ts). */
export const TEMP_PREFIXES = [CASE_DIR_PREFIX, 'dispatch-lab-esbuild-', 'dispatch-lab-probe-'];
/** The prefixes of build folders in <course>/.dispatch-lab/build (app.ts, watch.ts, ui.ts). */
export const BUILD_PREFIXES = ['', 'watch-', 'ui-'];
/** The prefixes of per-case cgroups and of the probe's (case-limits.ts, limit-enforcement.ts). */
export const CGROUP_PREFIXES = ['dispatch-lab-', 'dispatch-lab-probe-'];

// Remove what killed graders left in these places (their temp dirs, build folders and empty cgroups); the paths removed.
export async function sweepKilledGraders(places: LeftoverPlaces, removeCgroup: (dir: string) => Promise<void>): Promise<string[]> {
  const removeTree = (path: string) => rm(path, { recursive: true, force: true, maxRetries: 2 });
  // A submission's build folder is swept only through real folders: a link there (shipped) would point the sweep elsewhere.
  const isRealFolder = (path: string) => lstat(path).then((s) => s.isDirectory(), () => false);
  const buildDirs: string[] = [];
  for (const dir of places.courseDirs) if ((await isRealFolder(join(dir, '.dispatch-lab'))) && (await isRealFolder(join(dir, '.dispatch-lab', 'build')))) buildDirs.push(join(dir, '.dispatch-lab', 'build'));
  const swept = await Promise.all([
    sweepLeftovers(places.tempRoot, TEMP_PREFIXES, removeTree).then((names) => names.map((n) => join(places.tempRoot, n))),
    ...buildDirs.map((dir) => sweepLeftovers(dir, BUILD_PREFIXES, removeTree).then((names) => names.map((n) => join(dir, n)))),
    ...places.cgroupParents.map((dir) => sweepLeftovers(dir, CGROUP_PREFIXES, removeCgroup).then((names) => names.map((n) => join(dir, n)))),
  ]);
  return swept.flat();
}
