import { describe, expect, it } from 'vitest';
import { bwrapOptions, sandboxMounts, type SandboxPaths } from '../../grader/sandbox/core/sandbox-plan.ts';
import { describeLimit, formatBytes, limitHitInStderr, parseSize } from '../../grader/sandbox/core/limits.ts';

// What an isolated case sees: a submission inside the grader's package (the fixtures), or one in /tmp beside others.

const inPackage: SandboxPaths = {
  courseDir: '/pkg/test/fixtures/programs/a',
  tempDir: '/tmp/dispatch-lab-case-1',
  scratch: ['/tmp', '/run'],
  hidden: ['/pkg', '/pkg/cases', '/root', '/pkg/test/fixtures/programs/b'],
  revealed: ['/pkg/node_modules'],
  sockets: [],
};

describe('sandboxMounts', () => {
  it('empties scratch and hidden folders, binds back the submission (read-only), its temp dir and packages, then hides again what lies inside them', () => {
    expect(sandboxMounts(inPackage)).toEqual([
      { kind: 'empty', path: '/run' },
      { kind: 'empty', path: '/tmp' },
      { kind: 'empty', path: '/pkg' },
      { kind: 'empty', path: '/root' },
      { kind: 'bind', path: '/pkg/node_modules', isWritable: false },
      { kind: 'bind', path: '/pkg/test/fixtures/programs/a', isWritable: false },
      { kind: 'bind', path: '/tmp/dispatch-lab-case-1', isWritable: true },
    ]);
  });

  it('hides the cases again when the submission is the package itself (the reference)', () => {
    const mounts = sandboxMounts({ ...inPackage, courseDir: '/pkg', hidden: ['/pkg', '/pkg/cases'] });
    expect(mounts.at(-1)).toEqual({ kind: 'empty', path: '/pkg/cases' });
    expect(mounts).toContainEqual({ kind: 'bind', path: '/pkg', isWritable: false });
  });

  it.each([
    ['/srv/app/db.sock', true, 'in the read-only root'],
    ['/pkg/test/fixtures/programs/a/beside it.sock', true, 'in the submission'],
    ['/pkg/node_modules/.cache/x.sock', true, 'in a package folder shown again'],
    ['/pkg/cases/x.sock', false, 'in the hidden package'],
    ['/run/docker.sock', false, 'in a scratch folder'],
    ['/pkg/test/fixtures/programs/b/x.sock', false, 'in another submission'],
  ])('covers the host socket %s with /dev/null: %s (%s)', (socket, isCovered) => {
    const mounts = sandboxMounts({ ...inPackage, sockets: [socket] });
    expect(mounts.filter((m) => m.kind === 'mask')).toEqual(isCovered ? [{ kind: 'mask', path: socket }] : []);
    // After every folder mount, so no bind shows the socket again.
    if (isCovered) expect(mounts.at(-1)).toEqual({ kind: 'mask', path: socket });
  });

  it('covers a socket for bubblewrap with a read-only /dev/null and hands it the seccomp filter on the descriptor asked for', () => {
    const options = bwrapOptions({ ...inPackage, sockets: ['/srv/a b\nc.sock'] }, 4);
    expect(options.join(' ')).toContain('--ro-bind /dev/null /srv/a b\nc.sock --seccomp 4 --chdir');
    expect(bwrapOptions(inPackage)).not.toContain('--seccomp');
  });

  it('gives bubblewrap no capabilities, no network, a fresh /proc and a read-only root', () => {
    const options = bwrapOptions(inPackage);
    expect(options.slice(0, 15)).toEqual(['--unshare-all', '--unshare-user', '--disable-userns', '--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs']);
    expect(options.slice(-2)).toEqual(['--chdir', '/pkg/test/fixtures/programs/a']);
    expect(options).not.toContain('--share-net');
  });
});

describe('limits', () => {
  it.each([
    ['512M', 512 * 1024 ** 2],
    ['1G', 1024 ** 3],
    ['1.5GiB', 1.5 * 1024 ** 3],
    ['800k', 800 * 1024],
    ['1048576', 1048576],
    ['lots', undefined],
    ['0', undefined],
  ])('parseSize(%j)', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it('names sizes as people read them', () => {
    expect([512 * 1024 ** 2, 1.5 * 1024 ** 3, 2048].map(formatBytes)).toEqual(['512 MiB', '1.5 GiB', '2 KiB']);
  });

  it.each([
    ['RangeError: Array buffer allocation failed', 'memory'],
    ['FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory', 'memory'],
    ['Error: spawn sleep EAGAIN', 'processes'],
    ['Error: boom', undefined],
  ])('under rlimits, reads %j as %s', (stderr, hit) => {
    expect(limitHitInStderr(stderr)).toBe(hit);
  });

  it('says which limit and how to change it', () => {
    expect(describeLimit('memory', { memoryBytes: 512 * 1024 ** 2, maxProcesses: 256 })).toBe('memory limit exceeded: the case used more than 512 MiB (all of its processes together; --memory)');
  });
});
