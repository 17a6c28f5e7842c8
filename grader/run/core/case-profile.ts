/** Where one graded case's time went, in ms, measured around the student's process by the grader. */
export type CaseTimes = {
  /** The student's process: spawn to its pipes closing (RunResult.durationMs). */
  program: number;
  /** The rest of the run up to every process of the case being gone: temp dir, limits, spawn call, the sweep. */
  aroundProgram: number;
  /** After the processes were gone: the temp dir's removal (it overlaps the next case, off the spawning path). */
  cleanup: number;
  /** The judge: the deep comparison and the verdict. */
  judge: number;
  /** The reporters' onCaseEnd hooks for this case. */
  report: number;
};

/** The sum of every case's times, and how many cases they are. */
export type ProfileTotals = { cases: number; build: number; times: CaseTimes };

const PHASES: [keyof CaseTimes, string][] = [
  ['program', "the student's process (spawn to exit and closed pipes)"],
  ['aroundProgram', 'temp dir, limits, spawn call and process sweep'],
  ['cleanup', 'temp dir removal (off the spawning path)'],
  ['judge', 'judging'],
  ['report', 'reporting (onCaseEnd)'],
];

// An empty profile.
export function emptyProfile(): ProfileTotals {
  return { cases: 0, build: 0, times: { program: 0, aroundProgram: 0, cleanup: 0, judge: 0, report: 0 } };
}

// The profile with one more case's times (or part of them) added.
export function withCaseTimes(totals: ProfileTotals, times: Partial<CaseTimes>, isNewCase: boolean): ProfileTotals {
  const next = { ...totals.times };
  for (const [phase] of PHASES) next[phase] += Math.max(0, times[phase] ?? 0);
  return { ...totals, cases: totals.cases + (isNewCase ? 1 : 0), times: next };
}

// The lines `--profile` output shows: per phase, the total and the mean per case, in a fixed-width table.
export function profileLines(totals: ProfileTotals, wallMs: number): string[] {
  const per = (ms: number) => (totals.cases === 0 ? '-' : `${(ms / totals.cases).toFixed(1)} ms`);
  const rows: [string, string, string][] = [
    ['phase', 'total', 'per case'],
    ['program build (esbuild)', `${Math.round(totals.build)} ms`, ''],
    ...PHASES.map(([phase, label]): [string, string, string] => [label, `${Math.round(totals.times[phase])} ms`, per(totals.times[phase])]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  const table = rows.map((r) => `  ${r[0].padEnd(widths[0] ?? 0)}  ${r[1].padStart(widths[1] ?? 0)}  ${r[2].padStart(widths[2] ?? 0)}`.trimEnd());
  return [`profile: ${totals.cases} case runs in ${Math.round(wallMs)} ms of wall time (phases of concurrent cases overlap)`, ...table];
}
