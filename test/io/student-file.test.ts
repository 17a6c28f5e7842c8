import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStudentFile, readStudentFileSync, type StudentFile } from '../../grader/sandbox/io/student-file.ts';

// A folder the rule allows (with a small file, a large one, a FIFO and a link out) and a file outside it.
const base = mkdtempSync(join(tmpdir(), 'dispatch-lab-student-file-'));
const root = join(base, 'root');
execFileSync('mkdir', ['-p', root]);
writeFileSync(join(root, 'small.txt'), 'hello');
writeFileSync(join(root, 'large.txt'), 'x'.repeat(3 * 1024 * 1024));
execFileSync('mkfifo', [join(root, 'pipe')]);
writeFileSync(join(base, 'outside.txt'), 'secret');
symlinkSync(join(base, 'outside.txt'), join(root, 'link-out'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const rule = (maxBytes: number) => ({ roots: [root], maxBytes });
const shown = (f: StudentFile) => (f.ok ? `ok ${f.bytes.length}` : f.why.replaceAll(base, '<base>'));

describe.each([['readStudentFileSync', async (p: string, m: number) => readStudentFileSync(p, rule(m))], ['readStudentFile', (p: string, m: number) => readStudentFile(p, rule(m))]] as const)('%s', (_name, read) => {
  it.each<[string, string, number, string]>([
    ['reads a regular file inside the root whole', 'small.txt', 100, 'ok 5'],
    ['reads a file of several chunks up to the cap', 'large.txt', 4 * 1024 * 1024, `ok ${3 * 1024 * 1024}`],
    ['refuses a file larger than the cap, unread', 'large.txt', 1024, '<base>/root/large.txt is larger than 1024 bytes'],
    ['refuses a FIFO without waiting for a writer', 'pipe', 100, '<base>/root/pipe is not a regular file'],
    ['refuses a link that leads outside the root', 'link-out', 100, `<base>/outside.txt is outside <base>/root`],
    ['refuses a path that climbs out through ..', '../outside.txt', 100, `<base>/outside.txt is outside <base>/root`],
  ])('%s', async (_what, name, maxBytes, expected) => {
    expect(shown(await read(join(root, name), maxBytes))).toBe(expected);
  });
});

// The first buffer is sized by the file's size as looked at; a file whose size says 0 yet holds text (as /proc's files
// do) is still read whole, in smaller chunks, and one past the cap still refused.
describe.each([['readStudentFileSync', readStudentFileSync], ['readStudentFile', readStudentFile]] as const)('%s of a file whose size says 0', (_name, read) => {
  const status = readFileSync('/proc/self/status', 'latin1');
  it('reads it whole', async () => {
    const file = await read('/proc/self/status', { roots: ['/proc'], maxBytes: 1 << 20 });
    expect(file.ok && file.bytes.toString('latin1').split('\n')[0]).toBe(status.split('\n')[0]);
  });
  it('refuses it past the cap', async () => {
    expect(await read('/proc/self/status', { roots: ['/proc'], maxBytes: 16 })).toEqual({ ok: false, why: `${realpathSync('/proc/self/status')} is larger than 16 bytes` });
  });
});
