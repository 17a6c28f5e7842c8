import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCase, type RunRequest } from '../../grader/run/io/run-case.ts';
import { leftoversOf } from '../leftovers.ts';
import { maskTempPaths, TEMP_DIR } from '../../grader/known/core/fingerprint.ts';
import { SANDBOX_DIR_PREFIX } from '../../harness/temp-names.ts';

// runCase against tiny programs named by behaviour (plain .mjs files stand in for a built bundle).

let dir: string;
const programs: Record<string, string> = {
  'echo-stdin.mjs': `let t = ''; for await (const c of process.stdin) t += c; process.stdout.write(t.toUpperCase()); process.stderr.write('done');`,
  'exit-without-reading.mjs': `process.exit(0);`,
  'forever.mjs': `setInterval(() => {}, 1000);`,
  'ignore-sigterm.mjs': `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`,
  // The leftovers carry their folder (the program's working directory) in their command line, so the test finds its own
  // and never those of another run on the same machine (see test/leftovers.ts).
  'orphan-holds-stdout.mjs': `import { spawn } from 'node:child_process'; spawn('sleep', ['29'], { argv0: \`sleep 29 \${process.cwd()}/\`, stdio: 'inherit', detached: true }).unref(); process.stdout.write('bye');`,
  // The escapee says "ready" on fd 3 only once it is in its own session with an empty environment; the program exits
  // after that, so the grader never kills it before it escaped (which left nothing holding stdout: a flaky test).
  'unfindable-orphan.mjs': `import { spawn } from 'node:child_process'; const child = spawn('setsid', ['-f', 'env', '-i', 'bash', '-c', 'echo ready >&3; exec -a "$0" sleep 24', \`sleep 24 \${process.cwd()}/\`], { stdio: ['ignore', 'inherit', 'inherit', 'pipe'] }); child.stdio[3].once('data', () => { process.stdout.write('bye'); process.exit(0); });`,
  'print-env.mjs': `process.stdout.write(JSON.stringify(process.env));`,
  // The temp names a program can print: os.tmpdir() (the case's temp dir) and a sandbox made in it as the harness makes one.
  'print-temp-names.mjs': `import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'; const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), ${JSON.stringify(SANDBOX_DIR_PREFIX)}))); process.stdout.write(\`\${os.tmpdir()} \${root} open '\${root}/a.txt'\`); fs.rmSync(root, { recursive: true });`,
  'flood.mjs': `import { writeSync } from 'node:fs'; const b = Buffer.alloc(1 << 20, 'z'); for (let i = 0; i < 20; i++) writeSync(1, b);`,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-run-case-'));
  for (const [name, source] of Object.entries(programs)) await writeFile(join(dir, name), source);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function request(program: string, overrides: Partial<RunRequest> = {}): RunRequest {
  return { bundlePath: join(dir, program), command: 'dispatch', courseDir: dir, stdin: '', timeoutMs: 5_000, outputLimitBytes: 1 << 16, ...overrides };
}

describe('runCase', () => {
  it('feeds stdin and collects stdout, stderr and the exit code', async () => {
    const run = await runCase(request('echo-stdin.mjs', { stdin: 'hello' }));
    expect(run).toMatchObject({ stdout: 'HELLO', stderr: 'done', exitCode: 0, signal: null, timedOut: false, stdoutDroppedBytes: 0 });
  });

  it('does not fail when the program exits without reading a large input', async () => {
    const run = await runCase(request('exit-without-reading.mjs', { stdin: 'x'.repeat(4 << 20) }));
    expect(run).toMatchObject({ exitCode: 0, timedOut: false });
  });

  it('times out with SIGTERM', async () => {
    const run = await runCase(request('forever.mjs', { timeoutMs: 300 }));
    // SIGTERM, not the SIGKILL that follows the grace period: it ended at the timeout.
    expect(run).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
  });

  it('follows up with SIGKILL when SIGTERM is ignored', async () => {
    // The timeout leaves node ample time to start and set its handler even on a loaded machine: a SIGTERM that came
    // before the handler would end the program, and the test would not be about an ignored SIGTERM at all.
    const run = await runCase(request('ignore-sigterm.mjs', { timeoutMs: 10_000 }));
    expect(run).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    // SIGKILL came a grace period (2 s) after the timeout: at least 12 s, less a little for timer rounding.
    expect(run.durationMs).toBeGreaterThanOrEqual(11_900);
  });

  it('kills at once when aborted', async () => {
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    const run = await runCase(request('ignore-sigterm.mjs', { signal: abort.signal, timeoutMs: 30_000 }));
    expect(run).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    // SIGKILL at once: no grace period, long before the timeout.
    expect(run.durationMs).toBeLessThan(30_000);
  });

  it('does not wait for a detached child that holds stdout after the program exits', async () => {
    const run = await runCase(request('orphan-holds-stdout.mjs', { timeoutMs: 30_000 }));
    expect(run).toMatchObject({ stdout: 'bye', exitCode: 0, timedOut: false });
    expect(await leftoversOf(dir)).toEqual([]);
  });

  it('stops reading, and says so, when a child it cannot find (new session, empty environment) holds stdout', async () => {
    const run = await runCase(request('unfindable-orphan.mjs', { timeoutMs: 30_000 }));
    try {
      // Not timed out: it stopped reading the output the escapee held instead of waiting for the timeout.
      expect(run).toMatchObject({ stdout: 'bye', exitCode: 0, timedOut: false });
      expect(run.stderr).toMatch(/stopped reading: a process the program started kept its output open/);
    } finally {
      // The known limit of the sweep without isolation: this one escapes, so the test ends it by its pid.
      for (const line of await leftoversOf(dir)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    }
  });

  it('runs with a scrubbed environment whose HOME and TMPDIR are a fresh temp dir, removed afterwards', async () => {
    let seenDir = '';
    const run = await runCase(request('print-env.mjs', { onTempDir: (p) => (seenDir = p) }));
    const env = JSON.parse(run.stdout) as Record<string, string>;
    expect(env).toMatchObject({ HOME: seenDir, TMPDIR: seenDir, TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' });
    expect(Object.keys(env).sort()).toEqual(['DISPATCH_LAB_RUN', 'HOME', 'LANG', 'LC_ALL', 'NO_COLOR', 'PATH', 'TMPDIR', 'TZ']);
    expect(existsSync(seenDir)).toBe(false);
  });

  it('gives temp names the fingerprint masks: the case\'s temp dir and the harness\'s sandbox in it read the same on every run', async () => {
    const [first, second] = [await runCase(request('print-temp-names.mjs')), await runCase(request('print-temp-names.mjs'))];
    expect(first?.stdout).not.toBe(second?.stdout);
    expect(maskTempPaths(first?.stdout ?? '')).toBe(`${TEMP_DIR} ${TEMP_DIR} open '${TEMP_DIR}/a.txt'`);
    expect(maskTempPaths(second?.stdout ?? '')).toBe(maskTempPaths(first?.stdout ?? ''));
  });

  it('keeps the temp dir when asked', async () => {
    let seenDir = '';
    await runCase(request('print-env.mjs', { keepTempDir: true, onTempDir: (p) => (seenDir = p) }));
    expect(existsSync(seenDir)).toBe(true);
    await rm(seenDir, { recursive: true });
  });

  it('caps a flood at the limit, counting what it dropped', async () => {
    const run = await runCase(request('flood.mjs'));
    expect(run.stdoutDroppedBytes).toBe((20 << 20) - (1 << 16));
    expect(run.stdout.length).toBeLessThan((1 << 16) + 200);
  });
});
