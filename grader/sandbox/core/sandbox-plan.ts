// What an isolated case sees of the file system: an ordered list of mounts over a read-only root, and the
// bubblewrap options that build it.

/** The paths that shape an isolated case's view of the file system: absolute real paths that exist. */
export type SandboxPaths = {
  /** The submission: visible, read-only, at its own path (no case leaves anything for the next one, or changes what it sees). */
  courseDir: string;
  /** The case's private temp dir (its HOME and TMPDIR): visible and writable. */
  tempDir: string;
  /** Fresh, empty, writable file systems: /tmp, /run, the grader's temp folder. */
  scratch: string[];
  /** Replaced by empty folders: the grader's install, the course content, other submissions, package caches. */
  hidden: string[];
  /** Shown again, read-only, where a hidden folder covers them: the node_modules folders the submission loads packages from. */
  revealed: string[];
  /** Unix sockets bound on the host (real paths): each one the view shows is covered by /dev/null, so connect() is refused. */
  sockets: string[];
};

/** One mount, applied in order over the read-only root. */
export type MountStep = { kind: 'empty'; path: string } | { kind: 'bind'; path: string; isWritable: boolean } | { kind: 'mask'; path: string };

// Whether `path` is `parent` or lies below it.
export function isWithin(path: string, parent: string): boolean {
  return path === parent || path.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}

function isStrictlyWithin(path: string, parent: string): boolean {
  return path !== parent && isWithin(path, parent);
}

// The mounts that build a case's view: scratch and hidden folders emptied, the submission (read-only), its temp dir and its packages
// bound back, then whatever hidden folder lies inside one of those emptied again (e.g. node_modules/dispatch-lab), and
// last every host socket still in sight covered by /dev/null.
export function sandboxMounts(paths: SandboxPaths): MountStep[] {
  const covers = [...paths.scratch, ...paths.hidden];
  const isCovered = (path: string, self: string) => covers.some((c) => c !== self && isStrictlyWithin(path, c));
  const bound: MountStep[] = [
    ...paths.revealed.map((path): MountStep => ({ kind: 'bind', path, isWritable: false })),
    { kind: 'bind', path: paths.courseDir, isWritable: false },
    { kind: 'bind', path: paths.tempDir, isWritable: true },
  ];
  const boundPaths = bound.map((b) => b.path);
  const folders: MountStep[] = [
    ...unique(paths.scratch).map((path): MountStep => ({ kind: 'empty', path })),
    ...unique(paths.hidden).filter((p) => !isCovered(p, p)).map((path): MountStep => ({ kind: 'empty', path })),
    ...bound,
    ...unique(paths.hidden).filter((p) => boundPaths.some((b) => isStrictlyWithin(p, b))).map((path): MountStep => ({ kind: 'empty', path })),
  ];
  const masks = unique(paths.sockets).filter((socket) => isShown(socket, folders)).map((path): MountStep => ({ kind: 'mask', path }));
  return [...folders, ...masks];
}

// Whether a path is in sight after `steps`: the last mount that holds it decides (an emptied folder hides it), and
// what no mount holds is part of the read-only root.
export function isShown(path: string, steps: MountStep[]): boolean {
  const last = steps.findLast((step) => isWithin(path, step.path));
  return last === undefined || last.kind === 'bind';
}

function unique(paths: string[]): string[] {
  return [...new Set(paths)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

// bubblewrap options for a case (given on a file descriptor, so they never show on a command line): new user, PID,
// mount, network, IPC, UTS and cgroup namespaces, no capabilities (so no mount can be undone) and no nested user
// namespaces, a read-only root with a fresh /dev and /proc, and every process killed when the first one ends or the grader dies;
// with `seccompFd`, the seccomp filter read from that descriptor (socket-filter.ts).
export function bwrapOptions(paths: SandboxPaths, seccompFd?: number): string[] {
  const mounts = sandboxMounts(paths).flatMap((step) => {
    if (step.kind === 'empty') return ['--tmpfs', step.path];
    if (step.kind === 'mask') return ['--ro-bind', '/dev/null', step.path];
    return [step.isWritable ? '--bind' : '--ro-bind', step.path, step.path];
  });
  return ['--unshare-all', '--unshare-user', '--disable-userns', '--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', ...mounts, ...(seccompFd === undefined ? [] : ['--seccomp', String(seccompFd)]), '--chdir', paths.courseDir];
}
