import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

// One folder in the machine's temp root for everything a run of the suite makes there, named after the run's process:
// its TMPDIR (so every temp folder of a test or a grader it starts is inside) and the isolate tests' fixture copies,
// with the packages they build from. A run removes its folder at the end; a run that was killed leaves it, and the next
// run removes every such folder whose process is gone. The same goes for the few things a test must make elsewhere
// (a socket folder in /var/lib, a cgroup): they carry the same prefix and process id.

/** The prefix of what a suite run makes outside its folder, followed by the run's process id and a dash. */
export const SUITE_PREFIX = 'dl-suite-';

/** The suite's folder: its TMPDIR, and where the isolate tests put their fixture copies. */
export type SuiteFolder = { root: string; tmp: string; isolated: string };

// The folder of a suite run whose main process is `pid`, in `tempRoot`; mode 0755 so nobody (an isolated case under a
// root grader) passes through, the TMPDIR inside sticky and world-writable as /tmp is.
export async function makeSuiteFolder(tempRoot: string, packagesOf: string): Promise<SuiteFolder> {
  const root = await mkdtemp(join(tempRoot, `${SUITE_PREFIX}${process.pid}-`));
  await chmod(root, 0o755);
  const tmp = join(root, 'tmp');
  await mkdir(tmp);
  await chmod(tmp, 0o1777);
  const isolated = join(root, 'isolated');
  await mkdir(isolated, { mode: 0o755 });
  await copyRuntimePackages(packagesOf, join(isolated, 'node_modules'));
  return { root, tmp, isolated };
}

/** The folders whose imports the isolate tests' fixture copies carry (isolated-submission.ts copies them in). */
const COPIED_SOURCES = ['harness', 'reference'];

// The packages that TypeScript files below `dir` import by name (`from 'zod'`, `from '@scope/pkg/sub.js'`).
async function packagesImportedIn(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true, encoding: 'utf8' })).filter((f) => f.endsWith('.ts'));
  const names = new Set<string>();
  for (const file of files) {
    for (const found of readFileSync(join(dir, file), 'utf8').matchAll(/\bfrom '((?:@[^/']+\/)?[^./'][^/']*)[^']*'/g)) {
      if (!found[1]!.startsWith('node:')) names.add(found[1]!);
    }
  }
  return [...names];
}

// The packages a fixture copy builds and runs from (those its harness and reference import, and the checkout's own
// dependencies, each with theirs), copied: a fixture copy in the temp root finds them above it, wherever the checkout
// is (under /root, nobody could not reach the checkout's own node_modules).
async function copyRuntimePackages(checkout: string, into: string): Promise<void> {
  const modules = join(checkout, 'node_modules');
  const manifest = (name: string) => JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
  const ours = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const wanted = [...Object.keys(ours.dependencies ?? {}), ...(await Promise.all(COPIED_SOURCES.map((d) => packagesImportedIn(join(checkout, d))))).flat()];
  const seen = new Set<string>();
  while (wanted.length > 0) {
    const name = wanted.pop()!;
    if (seen.has(name)) continue;
    let found: ReturnType<typeof manifest>;
    try {
      found = manifest(name);
    } catch {
      continue; // An optional dependency not installed on this platform.
    }
    seen.add(name);
    wanted.push(...Object.keys({ ...found.dependencies, ...found.optionalDependencies }));
  }
  // coreutils' cp, by destination folder (a scope's packages go into its folder): node's fs.cp took 11 s for these
  // 4,500 files on a loaded machine, cp 1 s.
  const byFolder = new Map<string, string[]>();
  for (const name of seen) byFolder.set(dirname(join(into, name)), [...(byFolder.get(dirname(join(into, name))) ?? []), name]);
  for (const [folder, names] of byFolder) {
    await mkdir(folder, { recursive: true, mode: 0o755 });
    await execFileAsync('cp', ['-R', ...names.map((name) => join(modules, name)), folder]);
  }
}

// Whether a process of this id is alive.
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// The entries of `folder` a suite run made whose process is gone (a live run's, or another project's, are left alone).
async function staleIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  return entries.filter((entry) => {
    const pid = new RegExp(`^${SUITE_PREFIX}(?:[a-z]+-)?(\\d+)-`).exec(entry)?.[1];
    return pid !== undefined && !isAlive(Number(pid));
  }).map((entry) => join(folder, entry));
}

/** Where a suite run may leave something outside its folder: the temp root, a root test's socket folder, cgroups. */
export const CGROUP_PARENTS = ['/sys/fs/cgroup', '/sys/fs/cgroup/unified', '/sys/fs/cgroup/pids'];

// Remove what killed suite runs left: their folders in the temp root and /var/lib, their (empty) cgroups. What each
// removed, for the run's output.
export async function removeStaleRuns(tempRoot: string): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of [...(await staleIn(tempRoot)), ...(await staleIn('/var/lib'))]) {
    await rm(folder, { recursive: true, force: true }).then(() => removed.push(folder), () => undefined);
  }
  for (const cgroup of (await Promise.all(CGROUP_PARENTS.map(staleIn))).flat()) {
    await rmdir(cgroup).then(() => removed.push(cgroup), () => undefined);
  }
  return removed;
}
