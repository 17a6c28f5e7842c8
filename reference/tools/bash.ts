import os from 'node:os';
import type { BashOutput, ToolResult } from '../types.ts';
import { Failure } from '../failure.ts';
import { optionalInteger, requireString } from '../params.ts';
import { killProcessGroup } from '../process-group.ts';

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 600_000;
const TIMEOUT_EXIT_CODE = 124;

// Runs a command with /bin/bash in the sandbox and reports its output and exit code.
export async function bash(root: string, command: unknown, timeout: unknown): Promise<ToolResult> {
  const script = requireString('command', command);
  if (script instanceof Failure) return script.toOutput();
  const timeoutMs = optionalInteger('timeout', timeout) ?? DEFAULT_TIMEOUT_MS;
  if (timeoutMs instanceof Failure) return timeoutMs.toOutput();
  if (timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    return new Failure(`Error: Parameter timeout must be between 1 and ${MAX_TIMEOUT_MS}`).toOutput();
  }
  return runBash(root, script, timeoutMs);
}

// The same environment on every machine: nothing of the grader's own environment leaks in.
function bashEnv(root: string): NodeJS.ProcessEnv {
  return {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: root,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
  };
}

// Spawns bash as the leader of its own process group so that the group (background jobs included)
// can be killed when bash exits or the timeout expires; nothing outlives the call. node:child_process
// is loaded here, on the first command, not when the program starts: most cases run none, and every
// case would pay for it (and for the stream and socket modules it loads).
function runBash(root: string, script: string, timeoutMs: number): Promise<BashOutput> {
  const { spawn } = process.getBuiltinModule('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['-c', script], {
      // $0, which bash puts in front of its own messages: "bash: line 1: …", not "/bin/bash: …".
      argv0: 'bash',
      cwd: root,
      env: bashEnv(root),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let hasTimedOut = false;
    const timer = setTimeout(() => {
      hasTimedOut = true;
      killProcessGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      killProcessGroup(child.pid);
      reject(error);
    });
    // Background children keep the pipes open: kill them so 'close' can come.
    child.on('exit', () => {
      clearTimeout(timer);
      killProcessGroup(child.pid);
    });
    child.on('close', (code, signal) => {
      if (hasTimedOut) {
        resolve(timedOut(timeoutMs));
        return;
      }
      const exitCode = code ?? 128 + (signal ? os.constants.signals[signal] : 0);
      // Two pipes cannot be interleaved faithfully, so the content is all of stdout, then all of stderr.
      const content = Buffer.concat([...stdout, ...stderr]).toString('utf8');
      resolve({ content, is_error: exitCode !== 0, exit_code: exitCode });
    });
  });
}

function timedOut(timeoutMs: number): BashOutput {
  return {
    content: `Error: Command timed out after ${String(timeoutMs / 1000)} seconds`,
    is_error: true,
    exit_code: TIMEOUT_EXIT_CODE,
  };
}
