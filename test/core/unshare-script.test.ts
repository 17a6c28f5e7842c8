import { describe, expect, it } from 'vitest';
import { FSTAB_FD, fstabPath, NEW_ROOT_NAME, shellQuote, unshareScript } from '../../grader/sandbox/core/unshare-script.ts';

const tools = { unshare: '/usr/bin/unshare', setpriv: '/usr/bin/setpriv' };
const paths = { courseDir: '/class/ann', tempDir: '/tmp/case-1', scratch: ['/tmp', '/run'], hidden: ['/opt/grader', '/class/bob'], revealed: ['/opt/grader/node_modules'], sockets: ['/srv/db.sock', '/class/bob/x.sock'] };

// The fstab lines the script writes with printf: every single-quoted word of its printf commands, read back.
function fstabLines(script: string): string[] {
  return script.split('\n').filter((l) => l.trimStart().startsWith("printf '%s\\n' ")).flatMap((l) => [...l.matchAll(/'((?:[^']|'\\'')*)'/g)].slice(1).map((m) => (m[1] ?? '').replace(/'\\''/g, "'")));
}

describe('unshare isolation script', () => {
  it.each([
    ['plain', `'plain'`],
    ["it's", `'it'\\''s'`],
    ['$(rm -rf /) `x` "y"', `'$(rm -rf /) \`x\` "y"'`],
  ])('quotes %j so the shell reads it back exactly', (text, quoted) => {
    expect(shellQuote(text)).toBe(quoted);
  });

  it.each([
    ['/plain/path', '/plain/path'],
    ['/a b', '/a\\040b'],
    ['/tab\there', '/tab\\011here'],
    ['/new\nline', '/new\\012line'],
    ['/back\\slash', '/back\\134slash'],
    ["/it's #1", "/it's\\040#1"],
  ])('writes %j as an fstab field the way mountinfo does', (path, field) => {
    expect(fstabPath(path)).toBe(field);
  });

  it('copies the root read-only, empties scratch and hidden folders, binds the submission and the packages read-only, all in one mount, then drops every capability', () => {
    const root = `/tmp/case-1/${NEW_ROOT_NAME}`;
    const script = unshareScript(paths, tools);
    const lines = script.split('\n');
    const fstab = fstabLines(script);
    const index = (text: string) => fstab.findIndex((l) => l.includes(text));
    expect(lines[0]).toBe('set -eu');
    // The recursive copy comes first, every mount of it read-only next (from this namespace's mountinfo), /proc afresh after.
    expect(fstab[0]).toBe(`/ ${root} none rbind,X-mount.mkdir 0 0`);
    const awk = lines.find((l) => l.trimStart().startsWith('awk ')) ?? '';
    expect(awk).toContain('"remount,bind,ro" k');
    expect(awk).toContain('/proc/self/mountinfo');
    expect(awk).not.toContain('/sys');
    expect(lines.findIndex((l) => l.trimStart().startsWith('awk '))).toBeLessThan(lines.findIndex((l) => l.includes(`'proc ${root}/proc`)));
    expect(fstab).toContain(`proc ${root}/proc proc ro,nosuid,nodev,noexec 0 0`);
    for (const path of ['/tmp', '/run', '/dev/shm', '/opt/grader', '/class/bob']) expect(fstab).toContain(`tmpfs ${root}${path} tmpfs mode=0755,nosuid,nodev,X-mount.mkdir 0 0`);
    expect(fstab).toContain(`/class/ann ${root}/class/ann none bind,ro,nosuid,nodev,X-mount.mkdir 0 0`);
    expect(fstab).toContain(`/opt/grader/node_modules ${root}/opt/grader/node_modules none bind,ro,nosuid,nodev,X-mount.mkdir 0 0`);
    expect(fstab).toContain(`/tmp/case-1 ${root}/tmp/case-1 none bind,X-mount.mkdir 0 0`);
    // The packages are bound back after the grader's folder is emptied.
    expect(index(`tmpfs ${root}/opt/grader `)).toBeLessThan(index('/opt/grader/node_modules '));
    // Written to the fstab descriptor, then mounted in one go.
    expect(lines).toContain(`} > /proc/self/fd/${FSTAB_FD}`);
    expect(lines).toContain(`mount --all --fstab /proc/self/fd/${FSTAB_FD}`);
    // A visible host socket is covered by /dev/null (unless it is gone); one in a hidden folder needs no cover.
    expect(lines).toContain(`mount --bind /dev/null '${root}/srv/db.sock' 2>/dev/null || [ ! -e '${root}/srv/db.sock' ]`);
    expect(script).not.toContain('x.sock');
    const last = lines.filter((l) => l !== '').at(-1) ?? '';
    expect(last).toBe(`exec '/usr/bin/unshare' --root='${root}' --wd='/class/ann' '/usr/bin/setpriv' --bounding-set=-all --inh-caps=-all --ambient-caps=-all --no-new-privs -- "$@" 3<&- ${FSTAB_FD}<&-`);
  });

  it('escapes a temp dir with a space and a quote for fstab, for awk and for the shell', () => {
    const script = unshareScript({ ...paths, tempDir: "/tmp/it's a case" }, tools);
    const root = `/tmp/it's\\040a\\040case/${NEW_ROOT_NAME}`;
    expect(fstabLines(script)[0]).toBe(`/ ${root} none rbind,X-mount.mkdir 0 0`);
    // awk -v reads backslash escapes: the fstab form's backslashes are doubled there.
    expect(script).toContain(`awk -v r='/tmp/it'\\''s\\\\040a\\\\040case/${NEW_ROOT_NAME}'`);
    expect(script).toContain(`--root='/tmp/it'\\''s a case/${NEW_ROOT_NAME}'`);
  });
});
