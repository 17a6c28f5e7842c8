import { writeFileSync } from 'node:fs';
import pc from 'picocolors';

/** Where a reporter's text goes: the terminal, or a file written when the run ends. */
export type Sink = { write: (text: string) => void; close: () => void };

let isStdoutClosed = false;

// A sink on the process's stdout. When the reader goes away (`… | head`), later writes are dropped
// instead of crashing: the run still finishes, cleans up and sets its exit code.
export function stdoutSink(): Sink {
  if (process.stdout.listenerCount('error') === 0) {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      isStdoutClosed = true;
    });
  }
  return { write: (text) => void (isStdoutClosed || process.stdout.write(text)), close: () => {} };
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
