import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { COLOUR_SWITCHES, envWithout } from '../child-env.ts';
import { repoRoot } from './cli.ts';

/** A scratch student course directory: the repo's program.ts, harness/ and reference/ (a full solution). */
export type StudentDir = {
  dir: string;
  /** Replace `from` by `to` in a file of the dir (throws when `from` is absent). */
  edit: (file: string, from: string, to: string) => Promise<void>;
  write: (file: string, text: string) => Promise<void>;
  dispose: () => Promise<void>;
};

// A temp student dir whose imports resolve through a node_modules symlink to the repo's.
export async function makeStudentDir(): Promise<StudentDir> {
  const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-student-'));
  for (const part of ['program.ts', 'harness', 'reference']) await cp(join(repoRoot, part), join(dir, part), { recursive: true });
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // As `init` scaffolds it: an ES module package, so `npx tsx program.ts` accepts top-level await.
  await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return {
    dir,
    async edit(file, from, to) {
      const text = await readFile(join(dir, file), 'utf8');
      if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
      await writeFile(join(dir, file), text.replace(from, to));
    },
    write: (file, text) => writeFile(join(dir, file), text),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The line the bug lives on in the reference, and the bug. */
export const WRITE_ROUTE = "['Write', create],";
export const WRITE_BUG = "['Wrte', create],";

/** A running `dispatch-lab test --watch`. */
export type WatchProcess = {
  output: () => string;
  /** Wait until `count` occurrences of `pattern` were printed; the output so far. */
  waitFor: (pattern: RegExp, count?: number, timeoutMs?: number) => Promise<string>;
  send: (text: string) => void;
  /** Resolves with the exit code. */
  exited: Promise<number>;
  stop: () => Promise<void>;
};

const cleanEnv = () => envWithout([...COLOUR_SWITCHES, 'CI']);

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// Start watch mode on a dir; `tty` runs it inside a pseudo-terminal (util-linux `script`), where keys work.
export function startWatchMode(dir: string, args: string[], options: { tty?: boolean } = {}): WatchProcess {
  const cli = [process.execPath, join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--watch', '--dir', dir, ...args];
  const env = { ...cleanEnv(), NO_COLOR: '1', TERM: 'xterm', COLUMNS: '120', LINES: '60' };
  const child: ResultPromise = options.tty
    ? execa('script', ['-qfec', `stty rows 60 cols 120; exec ${cli.map(shellQuote).join(' ')}`, '/dev/null'], { env, extendEnv: false, reject: false, stdin: 'pipe' })
    : execa(cli[0] as string, cli.slice(1), { env, extendEnv: false, reject: false, stdin: 'pipe' });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = child.then((r) => r.exitCode ?? -1);
  return {
    output: () => output,
    waitFor(pattern, count = 1, timeoutMs = 60_000) {
      const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
      return new Promise((resolve, reject) => {
        const check = () => {
          if ((output.match(global)?.length ?? 0) < count) return;
          cleanup();
          resolve(output);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${count}× ${pattern}; output:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        void exited.then(() => {
          if (waiters.has(check)) {
            cleanup();
            reject(new Error(`watch mode exited while waiting for ${pattern}; output:\n${output}`));
          }
        });
        check();
      });
    },
    send: (text) => void child.stdin?.write(text),
    exited,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// Count how often a pattern occurs.
export function count(text: string, pattern: RegExp): number {
  return text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
}
