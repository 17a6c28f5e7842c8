// The same view of the file system as bubblewrap builds (sandbox-plan.ts), built with util-linux alone: a shell script
// that runs as root of a fresh user namespace (`unshare --user --map-root-user --mount --pid …`), writes one fstab (a
// recursive copy of the root, every mount of it read-only, a fresh /proc, then what the plan says), mounts all of it
// with one `mount --all`, then enters the copy with `unshare --root` and drops every capability. Only builtins run
// between the programs, so a case starts awk, mount, unshare and setpriv once each (a mount per line costs a process).
import { type SandboxPaths, sandboxMounts } from './sandbox-plan.ts';

/** The programs the script calls, by absolute path (found on the grader's PATH). */
export type UnshareTools = { unshare: string; setpriv: string };

/** Where the new root is assembled: a folder of the case's temp dir, never visible inside (binds are not recursive). */
export const NEW_ROOT_NAME = '.dispatch-lab-root';

/** The descriptor of the fstab the script writes and mounts: an empty file the grader hands over already unlinked. */
export const FSTAB_FD = 4;

// A word the shell reads back exactly: single quotes, with each ' written as '\''.
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// A path as an fstab field: the four characters that would end or break the field written as octal escapes, exactly
// as the kernel writes them in /proc/self/mountinfo (so the lines copied from there need no change).
export function fstabPath(path: string): string {
  return path.replace(/[\\ \t\n]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
}

// unshare's options: new user (mapped to root inside), mount (private: nothing mounted inside reaches the host, nothing
// mounted later on the host reaches the case), PID (with a fresh /proc), network, IPC, UTS and cgroup namespaces; the
// first process is PID 1, so every process of the case dies when it ends, and it dies with unshare.
export const UNSHARE_OPTIONS = ['--user', '--map-root-user', '--mount', '--propagation', 'private', '--pid', '--fork', '--kill-child', '--net', '--ipc', '--uts', '--cgroup'];

/** The flags the kernel locks on a mount copied into a user namespace: a read-only remount must give them again, or it is refused. */
const LOCKED_FLAGS = 'nosuid|nodev|noexec|relatime|noatime|nodiratime|strictatime';

// The fstab lines of the plan's mounts, in order, over the copy at `root`; a socket's cover is left to a command of its
// own (it may be gone by now, which is no failure).
function planLines(paths: SandboxPaths, root: string): { lines: string[]; masks: string[] } {
  const at = (path: string) => fstabPath(`${root}${path}`);
  const steps = sandboxMounts({ ...paths, scratch: [...paths.scratch, '/dev/shm'] });
  const lines = steps.flatMap((step) => {
    if (step.kind === 'empty') return [`tmpfs ${at(step.path)} tmpfs mode=0755,nosuid,nodev,X-mount.mkdir 0 0`];
    if (step.kind === 'mask') return [];
    return [`${fstabPath(step.path)} ${at(step.path)} none ${step.isWritable ? 'bind' : 'bind,ro,nosuid,nodev'},X-mount.mkdir 0 0`];
  });
  const masks = steps.filter((step) => step.kind === 'mask').map((step) => shellQuote(`${root}${step.path}`));
  return { lines, masks };
}

// The script, sourced by `sh -c '. /proc/self/fd/3' sh PROGRAM…` inside the namespaces, with the empty fstab on fd 4;
// it ends by running PROGRAM.
export function unshareScript(paths: SandboxPaths, tools: UnshareTools): string {
  const root = `${paths.tempDir}/${NEW_ROOT_NAME}`;
  const fstab = `/proc/self/fd/${FSTAB_FD}`;
  const { lines, masks } = planLines(paths, root);
  // awk reads its -v value with backslash escapes: each \ of the fstab form is doubled.
  const awkRoot = shellQuote(fstabPath(root).replace(/\\/g, '\\\\'));
  return [
    'set -eu',
    '{',
    `  printf '%s\\n' ${shellQuote(`/ ${fstabPath(root)} none rbind,X-mount.mkdir 0 0`)}`,
    // Every mount of this namespace is in the copy: each read-only, /sys and the cgroup file system included, with the
    // flags the kernel locked on it; /proc is mounted afresh below. Read here, inside: a mount made on the host since
    // the grader looked is still in the list. mountinfo's paths are already escaped the way fstab reads them.
    `  awk -v r=${awkRoot} '$5 == "/proc" || index($5, "/proc/") == 1 { next } { k = ""; n = split($6, o, ","); for (i = 1; i <= n; i++) if (o[i] ~ /^(${LOCKED_FLAGS})$/) k = k "," o[i]; print "none", ($5 == "/" ? r : r $5), "none", "remount,bind,ro" k, 0, 0 }' /proc/self/mountinfo`,
    // Read-only, as bubblewrap keeps /proc/sys: namespace root (a grader that is not root) writes no kernel setting and
    // no file of its own processes there either.
    `  printf '%s\\n' ${[`proc ${fstabPath(`${root}/proc`)} proc ro,nosuid,nodev,noexec 0 0`, ...lines].map(shellQuote).join(' ')}`,
    `} > ${fstab}`,
    // In order; any line that does not mount makes it exit non-zero, and the case stops here. mount --all passes over a
    // line it finds mounted already, which no line here can be: each target lies in the new root, where nothing was
    // mounted when it started.
    `mount --all --fstab ${fstab}`,
    // A socket gone since the plan was made needs no cover; one still there that cannot be covered stops the case.
    ...masks.map((at) => `mount --bind /dev/null ${at} 2>/dev/null || [ ! -e ${at} ]`),
    // Into the copy at the submission, then no capabilities and no way to gain any: no mount can be undone and the
    // new root cannot be left.
    `exec ${shellQuote(tools.unshare)} --root=${shellQuote(root)} --wd=${shellQuote(paths.courseDir)} ${shellQuote(tools.setpriv)} --bounding-set=-all --inh-caps=-all --ambient-caps=-all --no-new-privs -- "$@" 3<&- ${FSTAB_FD}<&-`,
    '',
  ].join('\n');
}
