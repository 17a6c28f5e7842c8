/** The reporters a run writes to once CI's own are added, the files some of them append to, and those sent to stderr. */
export type CiReporters = { names: string[]; appends: Map<string, string>; toStderr: Set<string> };

// On GitHub Actions (GITHUB_ACTIONS=true) the github reporter's annotations join a run that prints a reporter on
// stdout, whichever: beside pretty on stdout, or on stderr when stdout holds a document (json, junit, gradescope), so
// that document is never mixed with annotations (the runner reads workflow commands from both streams). A run whose
// reporters all write files (a CI shard's json report, merged later) gets none. Wherever github runs with
// GITHUB_STEP_SUMMARY set, the github-summary reporter appends the job summary to that file.
export function withCiReporters(names: string[], files: Map<string, string>, env: Record<string, string | undefined>): CiReporters {
  const all = [...names];
  const toStderr = new Set<string>();
  const onStdout = all.filter((name) => !files.has(name));
  if (env.GITHUB_ACTIONS === 'true' && onStdout.length > 0 && !all.includes('github')) {
    all.push('github');
    if (!onStdout.includes('pretty')) toStderr.add('github');
  }
  const appends = new Map<string, string>();
  const summaryFile = env.GITHUB_STEP_SUMMARY;
  if (summaryFile && all.includes('github') && !all.includes('github-summary')) {
    all.push('github-summary');
    appends.set('github-summary', summaryFile);
  }
  return { names: all, appends, toStderr };
}
