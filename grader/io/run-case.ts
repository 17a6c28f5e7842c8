import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { execa } from 'execa';
import type { Readable } from 'node:stream';
import type { RunResult } from '../core/types.ts';
import { cappedText, type CappedText } from '../core/capped-text.ts';
import { type CaseProcesses, killGroup, startTicksOf, sweepCaseProcesses } from './process-sweep.ts';

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

// Process groups still running, killed synchronously if the grader itself exits (an internal error, process.exit).
const liveGroups = new Set<number>();
let isExitHookInstalled = false;

function trackGroup(pid: number): void {
  if (!isExitHookInstalled) {
    isExitHookInstalled = true;
    process.on('exit', () => {
      for (const group of liveGroups) killGroup(group, 'SIGKILL');
    });
  }
  liveGroups.add(pid);
}

// Run the built program once for a case: its own temp dir, session, process group and capped output; nothing left behind.
export async function runCase(request: RunRequest): Promise<RunResult> {
  const tempDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-case-'));
  request.onTempDir?.(tempDir);
  const which: CaseProcesses = { marker: `${MARKER_NAME}=${randomUUID()}` };
  try {
    return await spawnProgram(request, tempDir, which);
  } finally {
    await sweepCaseProcesses(which);
    if (!request.keepTempDir) await removeTempDir(tempDir);
  }
}

// Remove a case's temp dir, also when the program took away its own permissions on parts of it.
async function removeTempDir(path: string): Promise<void> {
  try {
    await rm(path, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    await grantAll(path);
    await rm(path, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

async function grantAll(dir: string): Promise<void> {
  await chmod(dir, 0o700).catch(() => undefined);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => grantAll(join(dir, e.name))));
}

function spawnProgram(request: RunRequest, tempDir: string, which: CaseProcesses): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const stdout = cappedText(request.outputLimitBytes);
    const stderr = cappedText(request.outputLimitBytes);
    // Source maps make a crash's stack point into program.ts and the student's files, not the bundle.
    // execa with its own buffering, rejection and clean-up off: output is capped here, verdicts come from the judge,
    // and the whole process group (not just the child) is killed below.
    const child = execa(process.execPath, ['--enable-source-maps', request.bundlePath, request.command], {
      cwd: request.courseDir,
      env: studentEnv(tempDir, which.marker.slice(MARKER_NAME.length + 1)),
      extendEnv: false,
      detached: true,
      buffer: false,
      reject: false,
      cleanup: false,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const pid = child.pid;
    if (pid !== undefined) {
      which.sessionId = pid;
      trackGroup(pid);
      void startTicksOf(pid).then((ticks) => {
        which.startTicks ??= ticks;
      });
    }
    let timedOut = false;
    let hasExited = false;
    let isDone = false;
    const timers: NodeJS.Timeout[] = [];
    const later = (ms: number, action: () => void) => {
      if (!isDone) timers.push(setTimeout(action, ms));
    };

    // Kill everything of the case; if its output still does not close, stop reading it.
    const killAll = () => {
      killGroup(pid, 'SIGKILL');
      void sweepCaseProcesses(which).then(() => later(CLOSE_WAIT_MS, () => stopReading(child, stderr)));
    };
    const stop = (graceMs: number) => {
      // After the program exited, the exit handler is already stopping what it left behind.
      if (timedOut || hasExited) return;
      timedOut = true;
      if (graceMs === 0) return killAll();
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
      killAll();
    });
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (exitCode, signal) => {
      finish();
      resolve({
        stdout: stdout.text(),
        stderr: stderr.text(),
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
      if (pid !== undefined) liveGroups.delete(pid);
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
