/** The reporters a run writes to once CI's own are added, and the files some of them append to. */
export type CiReporters = { names: string[]; appends: Map<string, string> };

// On GitHub Actions (GITHUB_ACTIONS=true) the github reporter joins pretty on stdout unasked (not when pretty writes to a
// file, so a JSON or XML document on stdout is never mixed with annotations), and wherever github runs with
// GITHUB_STEP_SUMMARY set, the github-summary reporter appends the job summary to that file.
export function withCiReporters(names: string[], files: Map<string, string>, env: Record<string, string | undefined>): CiReporters {
  const all = [...names];
  if (env.GITHUB_ACTIONS === 'true' && all.includes('pretty') && !files.has('pretty') && !all.includes('github')) all.push('github');
  const appends = new Map<string, string>();
  const summaryFile = env.GITHUB_STEP_SUMMARY;
  if (summaryFile && all.includes('github') && !all.includes('github-summary')) {
    all.push('github-summary');
    appends.set('github-summary', summaryFile);
  }
  return { names: all, appends };
}
