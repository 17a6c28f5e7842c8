// The package-lock.json of an autograder: the packages dispatch-lab needs at run time, exactly as the lockfile that
// installed the running copy resolved them, so Gradescope's `npm ci` installs the versions the instructor graded with.

/** One entry of a lockfile's `packages` (lockfileVersion 2 or 3), keyed by its path: "" is the project, "node_modules/x" a package. */
export type LockEntry = {
  version?: string;
  resolved?: string;
  integrity?: string;
  /** Set by npm on packages only development needs: they are left out of an autograder. */
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
};

/** A lockfile as npm writes it. */
export type Lockfile = { name?: string; version?: string; lockfileVersion: number; requires?: boolean; packages: Record<string, LockEntry> };

/** What the autograder's own package.json says, from which its lockfile's root entry is derived. */
export type AutograderManifest = { name: string; dependencies: Record<string, string> };

// Where a package at `from` finds `name`, the way node and npm look: its own node_modules, then each folder above.
function resolveIn(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const path = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[path] && !packages[path].link) return path;
    if (dir === '') return undefined;
  }
}

// The paths of every package the ones at `roots` need at run time, the roots included (their dependencies, optional
// and peer ones, and theirs), as the lockfile lays them out; a dependency the lockfile lacks is an optional one not installed.
export function runtimeClosure(lock: Lockfile, roots: string[]): string[] {
  const seen = new Set<string>(roots);
  const queue = [...roots];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    const entry = lock.packages[at];
    if (!entry) continue;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const found = resolveIn(lock.packages, at, name);
      if (found && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return [...seen].sort();
}

// The autograder's lockfile: its root (the manifest), dispatch-lab from the bundled tarball (`tarball`, as package.json
// names it), and every package it and the manifest's other dependencies (the course's packages, at exactly the version
// named) need at run time, at the path the installing lockfile gave it (a layout valid there is valid here: each package
// finds the same copies). `self` is dispatch-lab's path in `lock` ("" in a checkout of dispatch-lab itself). Undefined
// when the lockfile cannot say: dispatch-lab not where the autograder puts it, or another dependency missing or at another version.
export function autograderLock(lock: Lockfile, self: string, manifest: AutograderManifest, tarball: string): Lockfile | undefined {
  const entry = lock.packages[self];
  if (!entry || (self !== '' && self !== 'node_modules/dispatch-lab')) return undefined;
  const others = Object.entries(manifest.dependencies).filter(([name]) => name !== 'dispatch-lab');
  const found = others.map(([name, version]) => (lock.packages[`node_modules/${name}`]?.version === version ? `node_modules/${name}` : undefined));
  if (found.includes(undefined)) return undefined;
  const closure = runtimeClosure(lock, [self, ...(found as string[])]).filter((path) => path !== self);
  if (closure.some((path) => !path.startsWith('node_modules/') || path === 'node_modules/dispatch-lab')) return undefined;
  const packages: Record<string, LockEntry> = { '': { name: manifest.name, dependencies: manifest.dependencies } };
  const { name: _name, dev: _dev, devOptional: _devOptional, devDependencies: _devDependencies, resolved: _resolved, integrity: _integrity, ...kept } = entry;
  packages['node_modules/dispatch-lab'] = { ...kept, resolved: tarball };
  for (const path of closure) {
    const { dev: _d, devOptional: _o, ...rest } = lock.packages[path] as LockEntry;
    packages[path] = rest;
  }
  return { name: manifest.name, lockfileVersion: 3, requires: true, packages };
}
