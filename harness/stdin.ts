import { readSync } from './node-fs.ts';

// All of standard input as UTF-8 text. Read from the descriptor directly while it blocks (a pipe or a file, as the
// grader and a shell give it): a case's program then loads no stream machinery to read its input. A descriptor that
// does not block says EAGAIN when nothing is there yet; what was read so far is kept, and the rest comes through
// process.stdin, which waits for it.
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = Buffer.allocUnsafe(65_536);
    let size: number;
    try {
      size = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') break;
      // Standard input closed or never given (a detached run): nothing to read.
      if (code === 'EOF' || code === 'EBADF') return Buffer.concat(chunks).toString('utf8');
      throw error;
    }
    if (size === 0) return Buffer.concat(chunks).toString('utf8');
    chunks.push(chunk.subarray(0, size));
  }
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
