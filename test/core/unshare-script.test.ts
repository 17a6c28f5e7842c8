import { describe, expect, it } from 'vitest';
import { NEW_ROOT_NAME, shellQuote, unshareScript } from '../../grader/sandbox/core/unshare-script.ts';

const tools = { chroot: '/usr/sbin/chroot', setpriv: '/usr/bin/setpriv' };
const paths = { courseDir: '/class/ann', tempDir: '/tmp/case-1', scratch: ['/tmp', '/run'], hidden: ['/opt/grader', '/class/bob'], revealed: ['/opt/grader/node_modules'], sockets: ['/srv/db.sock', '/class/bob/x.sock'] };

describe('unshare isolation script', () => {
  it.each([
    ['plain', `'plain'`],
    ["it's", `'it'\\''s'`],
    ['$(rm -rf /) `x` "y"', `'$(rm -rf /) \`x\` "y"'`],
  ])('quotes %j so the shell reads it back exactly', (text, quoted) => {
    expect(shellQuote(text)).toBe(quoted);
  });

  it('copies the root read-only, empties scratch and hidden folders, binds the submission and the packages read-only, then drops every capability', () => {
    const root = `/tmp/case-1/${NEW_ROOT_NAME}`;
    const lines = unshareScript(paths, tools).split('\n');
    const index = (text: string) => lines.findIndex((l) => l.includes(text));
    expect(lines[0]).toBe('set -eu');
    expect(lines).toContain(`mount --rbind / '${root}'`);
    // Every mount of the copy, /sys and its cgroup file system included, read-only with the flags the kernel locked on it.
    expect(lines).toContain('  mount -o "remount,bind,ro${kept:+,$kept}" "$mp"');
    expect(lines.join('\n')).not.toContain('/sys/*) continue');
    for (const path of ['/tmp', '/run', '/dev/shm', '/opt/grader', '/class/bob']) expect(lines).toContain(`mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs '${root}${path}'`);
    expect(lines).toContain(`mount --bind '/class/ann' '${root}/class/ann'`);
    expect(lines).toContain(`mount -o remount,bind,ro,nosuid,nodev '${root}/class/ann'`);
    expect(lines).toContain(`mount -o remount,bind,ro,nosuid,nodev '${root}/opt/grader/node_modules'`);
    // The packages are bound back after the grader's folder is emptied, the read-only copy is made before anything else.
    expect(index(`tmpfs '${root}/opt/grader'`)).toBeLessThan(index(`mount --bind '/opt/grader/node_modules'`));
    expect(index('remount,bind,ro${kept')).toBeLessThan(index(`mount -t proc`));
    // A visible host socket is covered by /dev/null (unless it is gone); one in a hidden folder needs no cover.
    expect(lines).toContain(`mount --bind /dev/null '${root}/srv/db.sock' 2>/dev/null || [ ! -e '${root}/srv/db.sock' ]`);
    expect(lines.join('\n')).not.toContain('x.sock');
    const last = lines.filter((l) => l !== '').at(-1) ?? '';
    expect(last).toMatch(/^exec '\/usr\/sbin\/chroot' '\/tmp\/case-1\/\.dispatch-lab-root' '\/usr\/bin\/setpriv' --bounding-set=-all --inh-caps=-all --ambient-caps=-all --no-new-privs -- /);
    expect(last).toContain(`'/class/ann' "$@" 3<&-`);
  });
});
