import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { chmod, readdir, rm, rmdir } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RunResult } from '../../course/core/types.ts';
import { cappedText, type CappedText } from '../../judge/core/capped-text.ts';
import { type CaseProcesses, killGroup, startTicksOf, sweepCaseProcesses } from '../../sandbox/io/process-sweep.ts';
import { type CaseLimiter, openCaseLimiter, type RunLimits } from '../../sandbox/io/case-limits.ts';
import { type Isolation, isolatedCommand } from '../../sandbox/io/isolation.ts';
import { trackFolder, trackGroup } from '../../sandbox/io/exit-cleanup.ts';
import { linkSubmission } from '../../sandbox/io/submission-link.ts';
import { ownTag } from '../../sandbox/io/leftover-sweep.ts';
import { CASE_DIR_PREFIX } from '../../sandbox/core/temp-names.ts';
import { mapStack } from '../core/mapped-stack.ts';
import { buildPositions } from './source-maps.ts';

/** How to run one case of the built program. */
export type RunRequest = {
  /** The built program (an ES module file). */
  bundlePath: string;
  /** The program.ts command, e.g. "dispatch". */
  command: string;
  /** The student's course directory: the program's working directory. */
  courseDir: string;
  stdin: string;
  timeoutMs: number;
  outputLimitBytes: number;
  /** Aborts the run (watch mode restarts, Ctrl-C): everything is killed at once; the result then reads as timed out. */
  signal?: AbortSignal;
  /** Keep the case's temp dir instead of removing it. */
  keepTempDir?: boolean;
  onTempDir?: (path: string) => void;
  /** Run the case in its own namespaces, seeing only its submission and its temp dir (--isolate). */
  isolation?: Isolation;
  /** Memory and process limits for the case, and how they are enforced. */
  limits?: RunLimits;
  /** Called once the program and every process it started that the sweep finds are gone, before the temp dir is removed. */
  onProcessesGone?: () => void;
  /** What runs instead of `node bundlePath command` (the isolated build): a full command line, its first word the program. */
  program?: string[];
};

/** How long a process gets between SIGTERM and SIGKILL. */
const GRACE_MS = 2_000;
/** How long stdout and stderr may stay open after everything we could find was killed (a writer we cannot see holds them). */
const CLOSE_WAIT_MS = 1_000;
const MARKER_NAME = 'DISPATCH_LAB_RUN';

// The fixed environment a student program runs in: no grader secrets, fixed time zone and locale.
export function studentEnv(tempDir: string, marker: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: tempDir,
    TMPDIR: tempDir,
    TZ: 'UTC',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    NO_COLOR: '1',
    [MARKER_NAME]: marker,
  };
}

// Run the built program once for a case: its own temp dir, session, process group and capped output; nothing left behind.
// With limits, what went over one is part of the result; with isolation, everything the case started is gone when this returns.
export async function runCase(request: RunRequest): Promise<RunResult> {
  // One system call, made at once: the thread pool's queue (busy with the other cases' pipes and files) is not waited on.
  const tempDir = mkdtempSync(join(tmpdir(), `${CASE_DIR_PREFIX}${ownTag()}-`));
  // A grader that exits at once (a second Ctrl-C) still removes it.
  const untrackTempDir = request.keepTempDir ? () => {} : trackFolder(tempDir);
  request.onTempDir?.(tempDir);
  const which: CaseProcesses = { marker: `${MARKER_NAME}=${randomUUID()}` };
  const sweeps: Sweeps = {};
  let limiter: CaseLimiter | undefined;
  try {
    limiter = request.limits ? await openCaseLimiter(request.limits) : undefined;
    const run = await spawnProgram(request, tempDir, which, limiter, sweeps);
    const limitHit = await limiter?.finish({ stderr: run.stderr, hasFailed: run.exitCode !== 0 || run.signal !== null });
    limiter = undefined;
    return { ...run, ...(request.limits ? { limits: request.limits.settings } : {}), ...(limitHit ? { limitHit } : {}) };
  } finally {
    await limiter?.finish({ stderr: '', hasFailed: false });
    // The sweep started when the program exited ends with a pass that found nothing left: no second scan of /proc.
    await (sweeps.afterExit ?? sweepCaseProcesses(which));
    request.onProcessesGone?.();
    if (!request.keepTempDir) await removeTempDir(tempDir);
    untrackTempDir();
  }
}

/** The sweep the program's exit started, so the clean-up after the run does not scan /proc a second time. */
type Sweeps = { afterExit?: Promise<unknown> };

/** The command line of a case: limits first (they must hold before anything runs), then bwrap, then the program; and
 * the bundle it runs (none for a `program` of the request). */
type CaseCommand = { file: string; args: string[]; fds: number[]; close: () => Promise<void>; bundle?: string };

// node refuses to load a module whose path holds a "\\" (a file URL may not encode one): such a submission's bundle is
// run through a link in the case's temp dir, kept as the path (--preserve-symlinks), so its packages still resolve
// (those above it too: submission-link.ts).
// No --enable-source-maps (node would decode the bundle's whole map at every start): the positions of the stack a run
// prints are mapped after it ends (mapped-stack.ts), from the bundle as it was run.
async function nodeProgram(request: RunRequest, tempDir: string): Promise<{ argv: string[]; bundle: string }> {
  const plain = { argv: [process.execPath, request.bundlePath, request.command], bundle: request.bundlePath };
  if (!request.bundlePath.includes('\\') || !request.bundlePath.startsWith(`${request.courseDir}/`) || tempDir.includes('\\')) return plain;
  const link = await linkSubmission(request.courseDir, tempDir);
  const bundle = join(link, request.bundlePath.slice(request.courseDir.length));
  return { argv: [process.execPath, '--preserve-symlinks', '--preserve-symlinks-main', bundle, request.command], bundle };
}

async function caseCommand(request: RunRequest, tempDir: string, limiter: CaseLimiter | undefined): Promise<CaseCommand> {
  const node = request.program ? undefined : await nodeProgram(request, tempDir);
  const program = request.program ?? node?.argv ?? [];
  const isolated = request.isolation ? await isolatedCommand(request.isolation, request.courseDir, tempDir, program) : undefined;
  const [file = '', ...args] = [...(limiter?.prefix ?? []), ...(isolated ? [isolated.file, ...isolated.args] : program)];
  return { file, args, fds: isolated?.fds ?? [], close: isolated?.close ?? (async () => {}), ...(node ? { bundle: node.bundle } : {}) };
}

// bwrap reports a program killed by signal N as exit code 128 + N: read it back as the signal, as an unisolated run reports it.
function programStatus(exitCode: number | null, signal: NodeJS.Signals | null, isIsolated: boolean): { exitCode: number | null; signal: string | null } {
  if (!isIsolated || signal !== null || exitCode === null || exitCode <= 128) return { exitCode, signal };
  const name = Object.entries(constants.signals).find(([, n]) => n === exitCode - 128)?.[0];
  return name ? { exitCode: null, signal: name } : { exitCode, signal };
}

// Remove a case's temp dir, also when the program took away its own permissions on parts of it. Most programs leave it
// empty (the harness removes its own sandbox): then one rmdir (off the event loop: on a busy disk it can take
// milliseconds) is the whole removal.
async function removeTempDir(path: string): Promise<void> {
  try {
    await rmdir(path);
    return;
  } catch {
    // Not empty, or not ours to remove as it stands: the full removal below.
  }
  try {
    await rm(path, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    await grantAll(path);
    await rm(path, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

// Give back read, write and search permission on a folder and every folder below it.
async function grantAll(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(() => undefined);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => grantAll(join(dir, e.name))));
}

// Spawn the program, feed its stdin, capture its capped output, enforce the timeout and the abort signal; resolves when its pipes close.
async function spawnProgram(request: RunRequest, tempDir: string, which: CaseProcesses, limiter: CaseLimiter | undefined, sweeps: Sweeps): Promise<RunResult> {
  const command = await caseCommand(request, tempDir, limiter);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const stdout = cappedText(request.outputLimitBytes);
    const stderr = cappedText(request.outputLimitBytes);
    // Output is capped here, verdicts come from the judge, and the whole process group (not just the child) is killed below.
    const child = spawn(command.file, command.args, {
      cwd: request.courseDir,
      env: studentEnv(tempDir, which.marker.slice(MARKER_NAME.length + 1)),
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', ...command.fds],
    }) as ChildProcessWithoutNullStreams;
    void command.close();
    const pid = child.pid;
    const untrackGroup = pid === undefined ? () => {} : trackGroup(pid);
    if (pid !== undefined) {
      which.sessionId = pid;
      which.startTicks = startTicksOf(pid);
    }
    let timedOut = false;
    let hasExited = false;
    let isDone = false;
    const timers: NodeJS.Timeout[] = [];
    const later = (ms: number, action: () => void) => {
      if (!isDone) timers.push(setTimeout(action, ms));
    };

    // Kill everything of the case; if its output still does not close, stop reading it.
    const killAll = (): Promise<unknown> => {
      killGroup(pid, 'SIGKILL');
      const swept = Promise.all([sweepCaseProcesses(which), limiter?.kill()]);
      void swept.then(() => later(CLOSE_WAIT_MS, () => stopReading(child, stderr)));
      return swept;
    };
    const stop = (graceMs: number) => {
      // After the program exited, the exit handler is already stopping what it left behind.
      if (timedOut || hasExited) return;
      timedOut = true;
      if (graceMs === 0) return void killAll();
      killGroup(pid, 'SIGTERM');
      later(graceMs, killAll);
    };
    const onAbort = () => stop(0);

    child.stdin.on('error', () => {
      // EPIPE: the program exited (or closed stdin) without reading all of its input; its verdict says the rest.
    });
    child.stdin.end(request.stdin);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    later(request.timeoutMs, () => stop(GRACE_MS));
    if (request.signal?.aborted) onAbort();
    else request.signal?.addEventListener('abort', onAbort, { once: true });
    // When the program exits, whatever it left running in its group, session or under its marker goes too, so the pipes close.
    child.once('exit', () => {
      hasExited = true;
      sweeps.afterExit = killAll();
    });
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (code, signalName) => {
      finish();
      const { exitCode, signal } = programStatus(code, signalName, request.isolation !== undefined);
      resolve({
        stdout: stdout.text(),
        stderr: command.bundle === undefined ? stderr.text() : mapStack(stderr.text(), buildPositions(command.bundle)),
        exitCode,
        signal,
        timedOut,
        durationMs: Math.round(performance.now() - started),
        stdoutDroppedBytes: stdout.droppedBytes(),
        stderrDroppedBytes: stderr.droppedBytes(),
        outputLimitBytes: request.outputLimitBytes,
      });
    });
    function finish() {
      isDone = true;
      for (const timer of timers) clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      untrackGroup();
    }
  });
}

// Last resort: a process we could not find (it cleared its environment and left the session) still holds a pipe open.
function stopReading(child: { stdout: Readable; stderr: Readable }, stderr: CappedText): void {
  if (child.stdout.destroyed && child.stderr.destroyed) return;
  stderr.push(Buffer.from('\n[dispatch-lab] stopped reading: a process the program started kept its output open after it was stopped\n'));
  child.stdout.destroy();
  child.stderr.destroy();
}
