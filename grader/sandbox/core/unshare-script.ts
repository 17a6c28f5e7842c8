// The same view of the file system as bubblewrap builds (sandbox-plan.ts), built with util-linux alone: a shell script
// that runs as root of a fresh user namespace (`unshare --user --map-root-user --mount --pid …`), mounts a read-only
// copy of the root, empties and binds what the plan says, then enters it with chroot and drops every capability.
import { type SandboxPaths, sandboxMounts } from './sandbox-plan.ts';

/** The programs the script calls, by absolute path (found on the grader's PATH). */
export type UnshareTools = { chroot: string; setpriv: string };

/** Where the new root is assembled: a folder of the case's temp dir, never visible inside (binds are not recursive). */
export const NEW_ROOT_NAME = '.dispatch-lab-root';

// A word the shell reads back exactly: single quotes, with each ' written as '\''.
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// unshare's options: new user (mapped to root inside), mount, PID (with a fresh /proc), network, IPC, UTS and cgroup
// namespaces; the first process is PID 1, so every process of the case dies when it ends, and it dies with unshare.
export const UNSHARE_OPTIONS = ['--user', '--map-root-user', '--mount', '--pid', '--fork', '--kill-child', '--net', '--ipc', '--uts', '--cgroup'];

// The script, sourced by `sh -c '. /proc/self/fd/3' sh PROGRAM…` inside the namespaces; it ends by running PROGRAM.
export function unshareScript(paths: SandboxPaths, tools: UnshareTools): string {
  const root = `${paths.tempDir}/${NEW_ROOT_NAME}`;
  const at = (path: string) => shellQuote(`${root}${path}`);
  const steps = sandboxMounts({ ...paths, scratch: [...paths.scratch, '/dev/shm'] }).flatMap((step) => {
    if (step.kind === 'empty') return [`mkdir -p ${at(step.path)} 2>/dev/null || true`, `mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs ${at(step.path)}`];
    // A socket gone since the plan was made needs no cover; one still there that cannot be covered stops the case.
    if (step.kind === 'mask') return [`mount --bind /dev/null ${at(step.path)} 2>/dev/null || [ ! -e ${at(step.path)} ]`];
    const bind = [`mkdir -p ${at(step.path)} 2>/dev/null || true`, `mount --bind ${shellQuote(step.path)} ${at(step.path)}`];
    return step.isWritable ? bind : [...bind, `mount -o remount,bind,ro,nosuid,nodev ${at(step.path)}`];
  });
  return [
    'set -eu',
    'mount --make-rprivate /',
    `mkdir -p ${shellQuote(root)}`,
    `mount --rbind / ${shellQuote(root)}`,
    // Every mount of the copy read-only, /sys and the cgroup file system included; the flags the kernel locked on a mount
    // (nosuid, nodev, noexec, atime) are given again, or the remount is refused. mountinfo escapes a space as \\040:
    // printf %b turns it back.
    `awk -v r=${shellQuote(root)} '$5 == r || index($5, r "/") == 1 { print $6, $5 }' /proc/self/mountinfo | while IFS=' ' read -r opts mp; do`,
    '  mp=$(printf "%b" "$mp")',
    '  case "$mp" in',
    `    ${shellQuote(root)}/proc|${shellQuote(root)}/proc/*) continue ;;`,
    '  esac',
    "  kept=$(printf '%s' \"$opts\" | tr , '\\n' | grep -xE 'nosuid|nodev|noexec|relatime|noatime|nodiratime|strictatime' | paste -sd, -) || true",
    '  mount -o "remount,bind,ro${kept:+,$kept}" "$mp"',
    'done',
    // Read-only, as bubblewrap keeps /proc/sys: namespace root (a grader that is not root) writes no kernel setting and
    // no file of its own processes there either.
    `mount -t proc -o ro,nosuid,nodev,noexec proc ${at('/proc')}`,
    ...steps,
    // chroot, then no capabilities and no way to gain any: no mount can be undone and the chroot cannot be left.
    `exec ${shellQuote(tools.chroot)} ${shellQuote(root)} ${shellQuote(tools.setpriv)} --bounding-set=-all --inh-caps=-all --ambient-caps=-all --no-new-privs -- /bin/sh -c 'cd "$0" && exec "$@"' ${shellQuote(paths.courseDir)} "$@" 3<&-`,
    '',
  ].join('\n');
}
