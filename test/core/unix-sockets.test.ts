import { describe, expect, it } from 'vitest';
import { boundSocketPaths } from '../../grader/sandbox/core/unix-sockets.ts';

// /proc/net/unix as the kernel prints it: the name of a bound socket is the rest of its line, as bound.

const HEADER = 'Num       RefCount Protocol Flags    Type St Inode Path';
const line = (inode: number, name?: string) => `0000000000000000: 00000002 00000000 00010000 0001 01 ${String(inode).padStart(5)}${name === undefined ? '' : ` ${name}`}`;

describe('boundSocketPaths', () => {
  it('reads the path-name sockets and leaves out unbound, abstract and relative ones', () => {
    const table = [HEADER, line(124), line(3950006, '/srv/app/db.sock'), line(7, '@/tmp/.X11-unix/X0'), line(8, 'relative.sock'), line(9, '/run/a.sock'), ''].join('\n');
    expect(boundSocketPaths(table)).toEqual(['/srv/app/db.sock', '/run/a.sock']);
  });

  it.each([
    ['spaces', '/srv/my sock'],
    ['a leading digit after the inode', '/5/x'],
    ['a newline', '/srv/a b\nc.sock'],
    ['a trailing newline', '/srv/x\n'],
    ['a line that looks like an unbound socket', '/srv/x\n0000000000000000: 00000002'],
  ])('keeps a name with %s whole', (_, name) => {
    expect(boundSocketPaths([HEADER, line(1, name), line(2), ''].join('\n'))).toEqual([name]);
    expect(boundSocketPaths([HEADER, line(2), line(1, name), ''].join('\n'))).toEqual([name]);
  });

  it('names a socket bound twice (SO_REUSEADDR, two listeners) once, and reads an empty table as none', () => {
    expect(boundSocketPaths([HEADER, line(1, '/a.sock'), line(2, '/a.sock'), ''].join('\n'))).toEqual(['/a.sock']);
    expect(boundSocketPaths(`${HEADER}\n`)).toEqual([]);
  });
});
