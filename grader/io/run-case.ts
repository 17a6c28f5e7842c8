import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { execa } from 'execa';
import type { RunResult } from '../core/types.ts';
import { cappedText } from '../core/capped-text.ts';
import { killGroup, sweepMarkedProcesses } from './process-sweep.ts';

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
  /** Aborts the run (watch mode restarts, Ctrl-C); the result then reads as timed out. */
  signal?: AbortSignal;
  /** Keep the case's temp dir instead of removing it. */
  keepTempDir?: boolean;
  onTempDir?: (path: string) => void;
};

/** How long a process gets between SIGTERM and SIGKILL. */
const GRACE_MS = 2_000;
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

// Run the built program once for a case: its own temp dir, process group and capped output; nothing left behind.
export async function runCase(request: RunRequest): Promise<RunResult> {
  const tempDir = await mkdtemp(join(tmpdir(), 'dispatch-lab-case-'));
  request.onTempDir?.(tempDir);
  const marker = `${MARKER_NAME}=${randomUUID()}`;
  try {
    return await spawnProgram(request, tempDir, marker);
  } finally {
    await sweepMarkedProcesses(marker);
    if (!request.keepTempDir) await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

async function spawnProgram(request: RunRequest, tempDir: string, marker: string): Promise<RunResult> {
  const started = performance.now();
  const stdout = cappedText(request.outputLimitBytes);
  const stderr = cappedText(request.outputLimitBytes);
  const subprocess = execa(process.execPath, [request.bundlePath, request.command], {
    cwd: request.courseDir,
    env: studentEnv(tempDir, marker.slice(MARKER_NAME.length + 1)),
    extendEnv: false,
    input: request.stdin,
    detached: true,
    cleanup: true,
    buffer: false,
    reject: false,
    stripFinalNewline: false,
  });
  subprocess.stdout?.on('data', (chunk: Uint8Array) => stdout.push(chunk));
  subprocess.stderr?.on('data', (chunk: Uint8Array) => stderr.push(chunk));
  let timedOut = false;
  const timers: NodeJS.Timeout[] = [];
  const stop = () => {
    if (timedOut) return;
    timedOut = true;
    killGroup(subprocess.pid, 'SIGTERM');
    timers.push(setTimeout(() => forceStop(subprocess.pid, marker, subprocess), GRACE_MS));
  };
  timers.push(setTimeout(stop, request.timeoutMs));
  request.signal?.addEventListener('abort', stop, { once: true });
  // When the program exits, whatever it left running in its group or under its marker goes too, so the pipes close.
  subprocess.once('exit', () => forceStop(subprocess.pid, marker, subprocess, false));
  const result = await subprocess;
  for (const timer of timers) clearTimeout(timer);
  request.signal?.removeEventListener('abort', stop);
  return {
    stdout: stdout.text(),
    stderr: stderr.text(),
    exitCode: result.exitCode ?? null,
    signal: result.signal ?? null,
    timedOut,
    durationMs: Math.round(performance.now() - started),
    stdoutDroppedBytes: stdout.droppedBytes(),
    stderrDroppedBytes: stderr.droppedBytes(),
    outputLimitBytes: request.outputLimitBytes,
  };
}

function forceStop(pid: number | undefined, marker: string, subprocess: { stdout: NodeJS.ReadableStream | null; stderr: NodeJS.ReadableStream | null }, destroyStreams = true): void {
  killGroup(pid, 'SIGKILL');
  void sweepMarkedProcesses(marker).then(() => {
    if (!destroyStreams) return;
    // Last resort: a writer we could not find still holds a pipe open; stop waiting for it.
    setTimeout(() => {
      (subprocess.stdout as unknown as { destroy?: () => void } | null)?.destroy?.();
      (subprocess.stderr as unknown as { destroy?: () => void } | null)?.destroy?.();
    }, 1_000).unref();
  });
}
