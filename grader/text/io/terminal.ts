import { writeFileSync } from 'node:fs';
import pc from 'picocolors';
import { createLiveLine, type LiveLine } from './live-line.ts';
import { DEFAULT_COLUMNS } from '../core/wrap-text.ts';

/** Where a reporter's text goes: the terminal, or a file written when the run ends. */
export type Sink = { write: (text: string) => void; close: () => void };

let isStdoutClosed = false;
let stdoutLine: LiveLine | undefined;

// The live line at the bottom of stdout when it is a terminal (progress); undefined on a pipe or file, which get plain lines only.
export function stdoutLiveLine(): LiveLine | undefined {
  if (!process.stdout.isTTY) return undefined;
  stdoutLine ??= createLiveLine({ write: (text) => isStdoutClosed || process.stdout.write(text) });
  return stdoutLine;
}

// A sink on the process's stdout. When the reader goes away (`… | head`), later writes are dropped
// instead of crashing: the run still finishes, cleans up and sets its exit code.
export function stdoutSink(): Sink {
  if (process.stdout.listenerCount('error') === 0) {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      isStdoutClosed = true;
    });
  }
  const line = stdoutLiveLine();
  if (line) return { write: (text) => line.print(text), close: () => {} };
  return { write: (text) => void (isStdoutClosed || process.stdout.write(text)), close: () => {} };
}

// A sink on the process's stderr (annotations on CI while stdout holds a report document).
export function stderrSink(): Sink {
  return { write: (text) => void process.stderr.write(text), close: () => {} };
}

// A sink that collects text and writes it to a file on close.
export function fileSink(path: string): Sink {
  let text = '';
  return { write: (chunk) => void (text += chunk), close: () => writeFileSync(path, text) };
}

// Whether terminal output gets colours: --color/--no-color first, then NO_COLOR/FORCE_COLOR and whether stdout is a TTY.
export function shouldColor(flag: boolean | undefined): boolean {
  return flag ?? pc.isColorSupported;
}

/** The narrowest width text is laid out to, whatever COLUMNS or the terminal says. */
const MIN_COLUMNS = 40;

// The columns text on `stream` is laid out to: COLUMNS when set to a number, else the terminal's width, else 80.
export function terminalColumns(env: Record<string, string | undefined> = process.env, stream: NodeJS.WriteStream = process.stdout): number {
  const fromEnv = Number(env['COLUMNS']);
  const columns = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : stream.isTTY ? stream.columns : undefined;
  return columns === undefined || columns <= 0 ? DEFAULT_COLUMNS : Math.max(MIN_COLUMNS, columns);
}

// Whether stdout is a terminal someone reads (not a pipe, a file or a CI log).
export function isStdoutTerminal(): boolean {
  return process.stdout.isTTY === true;
}
