// How a new course directory depends on dispatch-lab, so that its first `npm install` resolves on the machine `init`
// ran on, and on a student's once the course is shared.

/** Where the running dispatch-lab came from. */
export type GraderOrigin =
  /** Installed from the registry (npx's cache, a project's node_modules): its own version. */
  | { kind: 'registry'; version: string }
  /** Installed from a tarball (or a folder copy) that npm recorded as file:…: that file, absolute. */
  | { kind: 'file'; path: string }
  /** A checkout of the kit, run from its own folder (absolute). */
  | { kind: 'checkout'; path: string };

// The dependency spec: the exact version from the registry (the course is graded by the grader it was made with until
// its author upgrades), or a `file:` path relative to the course (a tarball beside it, or the checkout), never an
// absolute path that only this machine has. `relativeTo` turns an absolute path into one from the course directory.
export function graderSpec(origin: GraderOrigin, relativeTo: (path: string) => string): string {
  if (origin.kind === 'registry') return origin.version;
  const path = relativeTo(origin.path);
  return `file:${path.startsWith('.') ? path : `./${path}`}`;
}
