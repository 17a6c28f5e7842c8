import { spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, openSync, realpathSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join, parse } from 'node:path';
import { bwrapOptions, isWithin, type SandboxPaths } from '../core/sandbox-plan.ts';
import { FILTER_ARCHES, unixSocketFilter } from '../core/socket-filter.ts';
import { hostSocketPaths } from './host-sockets.ts';
import { ownTag } from './leftover-sweep.ts';
import { UNSHARE_OPTIONS, unshareScript } from '../core/unshare-script.ts';
import { GraderError } from '../../run/grader-error.ts';
import { packageRoot } from '../../course/io/package-root.ts';

/** What builds a case's namespaces: bubblewrap when installed, else util-linux (unshare, mount, awk, setpriv). */
export type Launcher = { kind: 'bwrap'; bwrap: string } | { kind: 'unshare'; unshare: string; setpriv: string };

/** How every case of a run is isolated (--isolate): the launcher, with what it hides. */
export type Isolation = {
  launcher: Launcher;
  /** Hidden from every case: the grader's install, the course content, the grader's home (npm's cache) and npm's cache. */
  hidden: string[];
  /** Every submission of the run: each one is hidden from the others' cases. */
  submissions: string[];
  /** Fresh private folders in every case: /tmp, /run, /var/tmp and the grader's temp folder. */
  scratch: string[];
  /** Folders shown read-only even inside a hidden one: node's installation and PATH folders (a node under ~/.nvm). */
  tools: string[];
  /** Run before the launcher: setpriv, giving the case a parent-death signal and, when the grader is root, nobody's uid and gid. */
  setpriv: string;
  /** The unprivileged user a case runs as when the grader is root (root in a user namespace is still root to the host's files). */
  runAs?: { uid: number; gid: number };
};

/** nobody and nogroup: who a case runs as when the grader is root. */
const NOBODY = { uid: 65534, gid: 65534 };

/** A command ready to spawn isolated, with the descriptors to hand it as fd 3, 4, …: bwrap reads its options (unshare's
 * shell its script) from fd 3, and bwrap its seccomp filter from fd 4 (unshare's shell writes its fstab there). */
export type IsolatedCommand = { file: string; args: string[]; fds: number[]; close: () => Promise<void> };

/** The child's descriptor for bwrap's seccomp filter (after the options on fd 3). */
const SECCOMP_FD = 4;

const PROBE_TIMEOUT_MS = 15_000;

function realExisting(paths: (string | undefined)[]): string[] {
  const found = new Set<string>();
  for (const path of paths) {
    if (!path) continue;
    try {
      if (statSync(path).isDirectory()) found.add(realpathSync(path));
    } catch {
      // Not there: nothing to hide or show.
    }
  }
  return [...found];
}

// Whether every folder on the way to `path` lets other users through: under a root grader, a case (nobody) can reach
// nothing else, so a PATH folder under /root is left out rather than named to a launcher that cannot open it.
export function isReachableByOthers(path: string): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (dir === parse(dir).root) return true;
  }
}

function findOnPath(name: string): string | undefined {
  return (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name)).find((file) => existsSync(file));
}

// The folders a course directory loads packages from: node_modules in the folders above it, followed to where they
// really are, and the dispatch-lab copies among them, which stay hidden. The submission's own node_modules is never
// followed: it is shown as part of the submission, and a link there (to a hidden folder, say) shows nothing more.
function packageFolders(courseDir: string): { modules: string[]; graderCopies: string[] } {
  const modules: string[] = [];
  const graderCopies: string[] = [];
  for (let dir = courseDir; ; dir = dirname(dir)) {
    if (dir !== courseDir) modules.push(...realExisting([join(dir, 'node_modules')]));
    graderCopies.push(...realExisting([join(dir, 'node_modules', 'dispatch-lab')]));
    if (dir === parse(dir).root) break;
  }
  return { modules, graderCopies };
}

// The real paths an isolated build may read input files from: the submission and the node_modules folders above it.
export function buildInputRoots(courseDir: string): string[] {
  const ownDir = realpathSync(courseDir);
  return [ownDir, ...packageFolders(ownDir).modules];
}

// What one case sees: its own submission (read-only) and temp dir (writable); the grader, the content, the other
// submissions hidden. Worked out afresh for every case, from the grader's own facts and the real paths of the moment.
// `coverSockets` false: no covers (bwrap's seccomp filter refuses every unix socket, and a cover of a socket that
// vanishes before bwrap mounts it would fail the case for what another process on the host did).
export function sandboxPathsFor(isolation: Isolation, courseDir: string, tempDir: string, coverSockets = true): SandboxPaths {
  const ownDir = realpathSync(courseDir);
  const { modules, graderCopies } = packageFolders(ownDir);
  const secrets = [...isolation.hidden, ...isolation.submissions.filter((s) => s !== ownDir)];
  const isCovered = (path: string) => [...secrets, ...isolation.scratch].some((h) => isWithin(path, h));
  // A folder is shown again only inside a hidden one, and never when it would show a hidden folder with it (PATH=~).
  const isSafeToShow = (path: string) => isCovered(path) && !secrets.some((h) => isWithin(h, path));
  return {
    courseDir: ownDir,
    tempDir: realpathSync(tempDir),
    scratch: isolation.scratch,
    hidden: [...secrets, ...graderCopies],
    revealed: [...new Set([...isolation.tools, ...modules])].filter((p) => isSafeToShow(p) && (!isolation.runAs || isReachableByOthers(p))),
    sockets: coverSockets ? hostSocketPaths() : [],
  };
}

// Write what a launcher reads to a file in the case's temp dir, open it for the child and unlink it at once.
// Synchronous: four system calls on a fresh file, done at once rather than behind the thread pool's queue (busy with
// the other cases' files) while the case waits to start.
function handOver(tempDir: string, name: string, content: string | Buffer, runAs: Isolation['runAs']): number {
  const file = join(tempDir, `.dispatch-lab-${name}-${process.pid}`);
  writeFileSync(file, content, { mode: 0o600 });
  try {
    // unshare's shell opens its script again through /proc/self/fd/3 (and writes its fstab through fd 4), as nobody
    // under a root grader.
    if (runAs) chownSync(file, runAs.uid, runAs.gid);
    return openSync(file, 'r');
  } finally {
    unlinkSync(file);
  }
}

/** bwrap's seccomp filter, on the architectures it is written for (elsewhere the socket covers alone hold). */
const socketFilter = Object.hasOwn(FILTER_ARCHES, process.arch) ? unixSocketFilter() : undefined;

// Hand bwrap its options (or unshare's shell its script) through a file: what names every hidden path never shows on a
// command line or in the sandbox. setpriv runs first: the launcher gets SIGKILL when the grader dies (so does every
// process of the case: bwrap --die-with-parent, unshare --kill-child), and, under a root grader, the case runs as
// nobody, its temp dir handed to nobody. bwrap also gets the seccomp filter that refuses unix sockets.
export async function isolatedCommand(isolation: Isolation, courseDir: string, tempDir: string, command: string[]): Promise<IsolatedCommand> {
  const { launcher, runAs } = isolation;
  const filter = launcher.kind === 'bwrap' ? socketFilter : undefined;
  const paths = sandboxPathsFor(isolation, courseDir, tempDir, filter === undefined);
  if (runAs) chownSync(tempDir, runAs.uid, runAs.gid);
  const options = launcher.kind === 'bwrap' ? `${bwrapOptions(paths, filter && SECCOMP_FD).join('\u0000')}\u0000` : unshareScript(paths, launcher);
  const fds = [handOver(tempDir, 'isolation', options, runAs)];
  try {
    if (filter) fds.push(handOver(tempDir, 'seccomp', filter, undefined));
    // unshare's shell writes the fstab it mounts into an empty file of its own, seen by no one else.
    if (launcher.kind === 'unshare') fds.push(handOver(tempDir, 'fstab', '', runAs));
  } catch (error) {
    for (const fd of fds) closeSync(fd);
    throw error;
  }
  const close = async () => {
    for (const fd of fds) closeSync(fd);
  };
  const user = runAs ? [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups'] : [];
  const setpriv = [...user, '--pdeathsig', 'KILL', '--'];
  if (launcher.kind === 'bwrap') return { file: isolation.setpriv, args: [...setpriv, launcher.bwrap, '--args', '3', '--', ...command], fds, close };
  return { file: isolation.setpriv, args: [...setpriv, launcher.unshare, ...UNSHARE_OPTIONS, '--', '/bin/sh', '-c', '. /proc/self/fd/3', 'sh', ...command], fds, close };
}

// A util-linux program: on PATH, else in the usual folders.
function findTool(name: string): string | undefined {
  return findOnPath(name) ?? ['/usr/bin', '/usr/sbin', '/bin', '/sbin'].map((dir) => join(dir, name)).find((file) => existsSync(file));
}

// The launcher: bubblewrap when installed, else unshare + setpriv (util-linux);
// DISPATCH_LAB_ISOLATE_WITH=bwrap|unshare asks for one. A reason when none is there.
function findLauncher(): Launcher | string {
  const wanted = process.env.DISPATCH_LAB_ISOLATE_WITH;
  const bwrap = wanted === 'unshare' ? undefined : findOnPath('bwrap');
  if (bwrap) return { kind: 'bwrap', bwrap };
  if (wanted === 'bwrap') return 'bwrap (bubblewrap) is not installed';
  const [unshare, setpriv] = ['unshare', 'setpriv'].map(findTool);
  if (unshare && setpriv) return { kind: 'unshare', unshare, setpriv };
  return 'neither bwrap (bubblewrap) nor unshare and setpriv (util-linux) are installed';
}

// Run /bin/sh -c 'exit 0' the way a case runs; the reason it could not start, or undefined when it ran.
async function probeFailure(isolation: Isolation): Promise<string | undefined> {
  const dir = await mkdtemp(join(tmpdir(), `dispatch-lab-probe-${ownTag()}-`));
  try {
    const command = await isolatedCommand(isolation, dir, dir, ['/bin/sh', '-c', 'exit 0']);
    return await new Promise<string | undefined>((resolve) => {
      let stderr = '';
      const child = spawn(command.file, command.args, { stdio: ['ignore', 'ignore', 'pipe', ...command.fds], cwd: dir });
      void command.close();
      const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', (error) => resolve(error.message));
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        resolve(code === 0 ? undefined : stderr.trim().split('\n')[0] || `${isolation.launcher.kind} ended with ${signal ?? `exit code ${code}`}`);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The isolation of a run that grades `submissions` with the content at `contentRoot`, checked by starting one
// sandbox; a GraderError (exit 2) when this machine cannot isolate: never a silent fallback to an unisolated run.
export async function prepareIsolation(options: { contentRoot: string; submissions: string[]; privateCaseDirs?: string[] }): Promise<Isolation> {
  const cannot = (why: string) => new GraderError([
    `--isolate: cases cannot be isolated on this machine: ${why}`,
    'isolation needs Linux with user namespaces, and bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) or util-linux; in a container, allow namespaces (e.g. docker run --security-opt seccomp=unconfined --security-opt apparmor=unconfined); without it, grade only code you trust',
  ]);
  if (process.platform !== 'linux') throw cannot(`${process.platform} has no Linux namespaces`);
  const launcher = findLauncher();
  if (typeof launcher === 'string') throw cannot(launcher);
  const setpriv = findTool('setpriv');
  if (!setpriv) throw cannot('setpriv (util-linux) is not installed: it gives each case a parent-death signal and, under a root grader, an unprivileged user');
  const home = homedir();
  const isolation: Isolation = {
    launcher,
    // The content's cases/ is named too: it stays hidden when a case runs inside the package itself (the reference).
    hidden: realExisting([packageRoot(), options.contentRoot, join(options.contentRoot, 'cases'), ...(options.privateCaseDirs ?? []), home === '/' ? undefined : home, process.env.npm_config_cache, process.env.XDG_CACHE_HOME]),
    submissions: realExisting(options.submissions),
    scratch: realExisting(['/tmp', '/var/tmp', '/run', tmpdir()]),
    tools: realExisting([dirname(dirname(realpathSync(process.execPath))), ...(process.env.PATH ?? '').split(delimiter)]),
    setpriv,
    ...(process.getuid?.() === 0 ? { runAs: NOBODY } : {}),
  };
  const unreachable = isolation.runAs ? isolation.submissions.filter((dir) => !isReachableByOthers(dir)) : [];
  if (unreachable.length > 0) throw cannot(`the grader runs as root, so each case runs as nobody, who cannot reach ${unreachable.length === 1 ? 'the submission' : `${unreachable.length} submissions`} ${unreachable.slice(0, 3).join(', ')}${unreachable.length > 3 ? ', …' : ''}; let other users through the folders above ${unreachable.length === 1 ? 'it' : 'them'} (chmod o+x on each) or grade a copy in a folder they can reach`);
  if (isolation.runAs && !isReachableByOthers(realpathSync(tmpdir()))) throw cannot(`the grader runs as root, so each case runs as nobody, who cannot reach the temp folder ${tmpdir()}; let other users through it (chmod o+x on it and the folders above it) or set TMPDIR to one they can reach, such as /tmp`);
  const failure = await probeFailure(isolation);
  if (failure) throw cannot(failure);
  return isolation;
}
