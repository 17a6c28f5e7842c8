// Mutant: the process group is sent SIGTERM, which a command can ignore, instead of SIGKILL.
// Replaces: reference/process-group.ts
// Caught by: timeout-kills-a-command-that-ignores-sigterm
// Kills every process in the group led by `pid` (a child spawned with `detached: true`).
// A group that is already gone (ESRCH) is not an error.
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
