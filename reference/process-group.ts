// Kills every process in the group led by `pid` (a child spawned with `detached: true`).
// A group that is already gone (ESRCH) is not an error.
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: the only other error kill can give our own group is EPERM, which no case can make
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
