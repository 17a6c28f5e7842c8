import { writeSync } from './node-fs.ts';

// Writes all of `text` to standard output (1) or standard error (2). Written to the descriptor directly while it
// blocks (a pipe or a file): a case's program then sets up no stream to print its one document. A descriptor that does
// not block says EAGAIN when it is full; the rest then goes through process.stdout (or stderr), and this resolves once
// it is written. A reader that has gone away (EPIPE) ends the writing quietly: nobody is left to read it.
export async function writeOutput(fd: 1 | 2, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written, bytes.length - written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return;
      if (code !== 'EAGAIN') throw error;
      const stream = fd === 1 ? process.stdout : process.stderr;
      await new Promise<void>((resolve) => {
        stream.once('error', () => resolve());
        stream.write(bytes.subarray(written), () => resolve());
      });
      return;
    }
  }
}
