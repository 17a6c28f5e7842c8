import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, constants, openSync, readSync, writeSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The harness's standard streams (harness/stdin.ts, harness/write-output.ts), run for real in a child process: what a
// program gets and prints must not depend on whether its descriptors block, on how the input arrives, or on a reader
// that goes away. Each program says "reading" on stderr before it reads, so a test can hold input back until then.

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;

const programs: Record<string, string> = {
  // Echoes all of stdin on stdout (as text) and its byte count on stderr.
  'echo.mts': `import { readStdin } from '${ROOT}/harness/stdin.ts';
import { writeOutput } from '${ROOT}/harness/write-output.ts';
process.stderr.write('reading\\n');
const text = await readStdin();
await writeOutput(1, text);
process.stderr.write(\`read \${Buffer.byteLength(text)}\\n\`);`,
  // Prints N bytes (argv[2]) of a known pattern on stdout, then "after" on stderr; exits 3.
  'print.mts': `import { writeOutput } from '${ROOT}/harness/write-output.ts';
const size = Number(process.argv[2]);
const text = Array.from({ length: Math.ceil(size / 10) }, (_, i) => String(i % 1e9).padStart(9, '0') + '\\n').join('').slice(0, size);
await writeOutput(1, text);
await writeOutput(2, 'after\\n');
process.exitCode = 3;`,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-streams-'));
  for (const [name, source] of Object.entries(programs)) await writeFile(join(dir, name), source);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Ended = { stdout: Buffer; stderr: string; code: number | null; signal: NodeJS.Signals | null };

// Collects what a child prints and how it ends.
function ended(child: ChildProcess): Promise<Ended> {
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ stdout: Buffer.concat(out), stderr, code, signal }));
  });
}

// Resolves once the child has said "reading" on stderr; rejects, with what it said, if it ends before that.
function reading(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('reading\n')) resolve();
    });
    child.once('close', () => reject(new Error(`the program ended before it read: ${seen}`)));
  });
}

function start(program: string, args: string[], stdio: ('pipe' | 'ignore' | number)[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(dir, program), ...args], { cwd: ROOT, stdio });
}

// Starts a program with `fd` as its standard input (0) or output (1) as it is, not blocking: node's spawn makes a
// descriptor it hands as 0, 1 or 2 block, so a shell moves it there from 3.
function startWith(program: string, args: string[], target: 0 | 1, fd: number): ChildProcess {
  const move = target === 0 ? '<&3 3<&-' : '>&3 3>&-';
  const stdio: ('pipe' | 'ignore' | number)[] = target === 0 ? ['ignore', 'pipe', 'pipe', fd] : ['ignore', 'ignore', 'pipe', fd];
  return spawn('/bin/sh', ['-c', `exec "$@" ${move}`, 'sh', process.execPath, '--import', 'tsx', join(dir, program), ...args], { cwd: ROOT, stdio });
}

// Text whose characters take one to four bytes, so that any chunk boundary may split one.
function mixedText(bytes: number): string {
  const unit = 'a é ✓ 𝄞 \u0000 \n';
  return unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A FIFO in the test's folder.
async function fifo(name: string): Promise<{ path: string }> {
  const path = join(dir, name);
  await new Promise<void>((resolve, reject) => spawn('mkfifo', [path]).once('close', (code) => (code === 0 ? resolve() : reject(new Error(`mkfifo exited ${code}`)))));
  return { path };
}

describe('readStdin', () => {
  it('reads all of a large input that arrives in pieces through a pipe, characters split across pieces', async () => {
    const text = mixedText(300_000);
    const child = start('echo.mts', [], ['pipe', 'pipe', 'pipe']);
    const result = ended(child);
    await reading(child);
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 70_001) {
      child.stdin?.write(bytes.subarray(at, at + 70_001));
      await pause(5);
    }
    child.stdin?.end();
    const { stdout, stderr, code } = await result;
    expect(code).toBe(0);
    expect(stdout.toString()).toBe(text);
    expect(stderr).toContain(`read ${bytes.length}`);
  });

  it('reads an empty input as ""', async () => {
    const child = start('echo.mts', [], ['pipe', 'pipe', 'pipe']);
    child.stdin?.end();
    const { stdout, stderr, code } = await ended(child);
    expect(code).toBe(0);
    expect(stdout.length).toBe(0);
    expect(stderr).toContain('read 0');
  });

  it('reads all of an input whose descriptor does not block, part of it there before and part after the program starts reading', async () => {
    const { path } = await fifo('stdin-fifo');
    // The read end without blocking (an open of a FIFO for reading alone would wait for a writer), then the write end.
    const readEnd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeEnd = openSync(path, constants.O_WRONLY);
    const first = mixedText(20_000);
    const second = mixedText(50_000);
    try {
      writeSync(writeEnd, first);
      const child = startWith('echo.mts', [], 0, readEnd);
      const result = ended(child);
      await reading(child);
      // The program now finds nothing more to read, and its descriptor says so at once (EAGAIN) rather than waiting.
      await pause(100);
      writeSync(writeEnd, second);
      closeSync(writeEnd);
      const { stdout, code } = await result;
      expect(code).toBe(0);
      expect(stdout.toString()).toBe(first + second);
    } finally {
      closeSync(readEnd);
      try {
        closeSync(writeEnd);
      } catch {
        // Closed above.
      }
    }
  });
});

describe('writeOutput', () => {
  it('writes all of a large output, in order, to a pipe whose reader starts late', async () => {
    const size = 3_000_000;
    const child = start('print.mts', [String(size)], ['ignore', 'pipe', 'pipe']);
    child.stdout?.pause();
    await pause(200);
    child.stdout?.resume();
    const { stdout, stderr, code } = await ended(child);
    expect(code).toBe(3);
    expect(stdout.toString()).toBe(expectedText(size));
    expect(stderr).toBe('after\n');
  });

  it('writes all of a large output to a descriptor that does not block', async () => {
    const { path } = await fifo('stdout-fifo');
    const readEnd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeEnd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    const size = 1_000_000;
    try {
      const child = startWith('print.mts', [String(size)], 1, writeEnd);
      closeSync(writeEnd);
      const chunks: Buffer[] = [];
      const { stderr, code } = await new Promise<Ended>((resolve) => {
        // Read the FIFO slowly, by hand, until the program has ended and the FIFO is drained.
        const outcome = ended(child);
        let done: Ended | undefined;
        void outcome.then((e) => (done = e));
        const poll = (): void => {
          const buffer = Buffer.alloc(65_536);
          const n = readSyncOrZero(readEnd, buffer);
          if (n > 0) chunks.push(buffer.subarray(0, n));
          if (n === 0 && done) return resolve(done);
          setTimeout(poll, n > 0 ? 1 : 10);
        };
        poll();
      });
      const stdout = Buffer.concat(chunks);
      expect(code).toBe(3);
      expect(stdout.toString()).toBe(expectedText(size));
      expect(stderr).toBe('after\n');
    } finally {
      closeSync(readEnd);
    }
  });

  it('stops quietly when nobody reads any more: the program still ends as it meant to', async () => {
    const child = start('print.mts', ['5000000'], ['ignore', 'pipe', 'pipe']);
    child.stdout?.once('data', () => child.stdout?.destroy());
    const { stderr, code, signal } = await ended(child);
    expect({ code, signal }).toEqual({ code: 3, signal: null });
    expect(stderr).toBe('after\n');
  });
});

// What print.mts writes for an output of `size` bytes: numbered lines, so that a lost or repeated piece shows.
function expectedText(size: number): string {
  return Array.from({ length: Math.ceil(size / 10) }, (_, i) => `${String(i % 1e9).padStart(9, '0')}\n`).join('').slice(0, size);
}

// readSync on a descriptor that does not block: 0 bytes when nothing is there yet (EAGAIN) as well as at the end.
function readSyncOrZero(fd: number, buffer: Buffer): number {
  try {
    return readSync(fd, buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return 0;
    throw error;
  }
}
