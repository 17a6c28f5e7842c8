import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { isWithin } from '../core/sandbox-plan.ts';

// The one way the grader reads a file whose name came from the student's side (a path a program printed, a file a
// submission ships, a name written in a file it ships): the name is resolved to its real path, which must lie inside
// one of the roots the caller allows; it must be a regular file (never a FIFO, a device or a socket: its type is looked
// at before it is opened, opened without blocking and looked at again through the open descriptor); and at most
// `maxBytes` are read, in chunks, within `timeoutMs`. Anything else is refused with the reason, and nothing is read.

/** Where a file named by the student's side may be read, and how much of it. */
export type StudentFileRule = {
  /** Folders the file's real path must lie in (each taken by its own real path). */
  roots: string[];
  /** The most bytes read: a larger file is refused whole, never read in part. */
  maxBytes: number;
  /** How long the read may take before it is given up (a slow or stuck file system). */
  timeoutMs?: number;
};

/** A file read, or why it was not. */
export type StudentFile = { ok: true; bytes: Buffer; realPath: string } | { ok: false; why: string };

const DEFAULT_TIMEOUT_MS = 2_000;
const CHUNK_BYTES = 1 << 20;
/** The chunk of a read past the size looked at (a file that grew since, or one whose size says 0, as /proc's do). */
const MIN_CHUNK_BYTES = 1 << 16;
/** Opened read-only, not followed if a link was swapped in after realpath, and never waited on (a FIFO's writer). */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

// The real paths of the roots that exist.
function realRoots(roots: string[]): string[] {
  return roots.flatMap((root) => {
    try {
      return [realpathSync(root)];
    } catch {
      return [];
    }
  });
}

// Why a file of this real path and type may not be read, or undefined when it may.
function refusal(realPath: string, stat: Stats, rule: StudentFileRule, roots: string[]): string | undefined {
  if (!roots.some((root) => isWithin(realPath, root))) return `${realPath} is outside ${roots.join(', ') || 'the allowed folders'}`;
  if (!stat.isFile()) return `${realPath} is not a regular file`;
  if (stat.size > rule.maxBytes) return `${realPath} is larger than ${rule.maxBytes} bytes`;
  return undefined;
}

// The same file as before it was opened (a file swapped in between is refused).
function isSameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && b.isFile();
}

/** One bounded read of an opened file, in chunks: the next buffer to read into, what a read gave, and the verdict. */
class BoundedRead {
  readonly #chunks: Buffer[] = [];
  #total = 0;
  #current: Buffer | undefined;
  readonly #deadline: number;
  readonly realPath: string;
  readonly rule: StudentFileRule;
  /** The file's size as looked at: the first buffer holds it and one byte more, not a whole chunk (zeroed, it costs). */
  readonly #size: number;

  constructor(realPath: string, rule: StudentFileRule, size: number) {
    this.realPath = realPath;
    this.rule = rule;
    this.#size = size;
    this.#deadline = performance.now() + (rule.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  // The buffer the next read fills, or 'late' once the time is up.
  next(): Buffer | 'late' {
    if (performance.now() > this.#deadline) return 'late';
    // Up to the size looked at and one byte more (after a whole file, the one byte a read fills with its end: 0 bytes);
    // past it, the file grew: chunks.
    const wanted = this.#total <= this.#size ? this.#size + 1 - this.#total : MIN_CHUNK_BYTES;
    this.#current = Buffer.alloc(Math.min(CHUNK_BYTES, wanted, this.rule.maxBytes + 1 - this.#total));
    return this.#current;
  }

  // Take what a read put in the buffer: the file when it has ended (0 bytes), a refusal once it is too large, else undefined.
  took(count: number): StudentFile | undefined {
    if (count === 0) return { ok: true, bytes: Buffer.concat(this.#chunks), realPath: this.realPath };
    this.#chunks.push((this.#current as Buffer).subarray(0, count));
    this.#total += count;
    return this.#total > this.rule.maxBytes ? { ok: false, why: `${this.realPath} is larger than ${this.rule.maxBytes} bytes` } : undefined;
  }

  // The refusal of a read that ran out of time.
  tooLong(): StudentFile {
    return { ok: false, why: `${this.realPath} took too long to read` };
  }
}

/** A file that may be read under a rule, not read yet: its real path and its type and size as looked at. */
export type StudentFileLook = { ok: true; realPath: string; stat: Stats } | { ok: false; why: string };

// Whether a file named by the student's side may be read under `rule`, looked at without opening it (a cache can
// then tell by its size and time whether it must be read again).
export function lookAtStudentFileSync(path: string, rule: StudentFileRule): StudentFileLook {
  try {
    const realPath = realpathSync(path);
    const stat = lstatSync(realPath);
    const why = refusal(realPath, stat, rule, realRoots(rule.roots));
    return why ? { ok: false, why } : { ok: true, realPath, stat };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
}

// Read a file named by the student's side, synchronously (for code that cannot wait: a stack mapped as a run ends).
export function readStudentFileSync(path: string, rule: StudentFileRule): StudentFile {
  let fd: number | undefined;
  try {
    const look = lookAtStudentFileSync(path, rule);
    if (!look.ok) return look;
    const { realPath, stat: before } = look;
    fd = openSync(realPath, OPEN_FLAGS);
    const opened = fstatSync(fd);
    if (!isSameFile(before, opened)) return { ok: false, why: `${realPath} changed while it was opened` };
    const read = new BoundedRead(realPath, rule, opened.size);
    for (let chunk = read.next(); typeof chunk !== 'string'; chunk = read.next()) {
      const done = read.took(readSync(fd, chunk, 0, chunk.length, null));
      if (done) return done;
    }
    return read.tooLong();
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// Read a file named by the student's side, off the event loop.
export async function readStudentFile(path: string, rule: StudentFileRule): Promise<StudentFile> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    const realPath = await realpath(path);
    const before = await lstat(realPath);
    const why = refusal(realPath, before, rule, realRoots(rule.roots));
    if (why) return { ok: false, why };
    handle = await open(realPath, OPEN_FLAGS);
    const opened = await handle.stat();
    if (!isSameFile(before, opened)) return { ok: false, why: `${realPath} changed while it was opened` };
    const read = new BoundedRead(realPath, rule, opened.size);
    for (let chunk = read.next(); typeof chunk !== 'string'; chunk = read.next()) {
      const done = read.took((await handle.read(chunk, 0, chunk.length, null)).bytesRead);
      if (done) return done;
    }
    return read.tooLong();
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  } finally {
    await handle?.close();
  }
}
