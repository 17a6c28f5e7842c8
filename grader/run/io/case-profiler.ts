import { emptyProfile, profileLines, withCaseTimes, type CaseTimes, type ProfileTotals } from '../core/case-profile.ts';

/** Collects where a graded run's time goes outside the student's processes (DISPATCH_LAB_PROFILE=1). */
export type CaseProfiler = {
  addBuild(ms: number): void;
  addCase(times: Partial<CaseTimes>, isNewCase: boolean): void;
  /** Writes the breakdown to stderr. */
  print(wallMs: number): void;
};

// A profiler when DISPATCH_LAB_PROFILE is set (to anything but "" or "0"), otherwise undefined: no cost when off.
export function profilerFromEnv(): CaseProfiler | undefined {
  const flag = process.env.DISPATCH_LAB_PROFILE;
  if (flag === undefined || flag === '' || flag === '0') return undefined;
  let totals: ProfileTotals = emptyProfile();
  return {
    addBuild: (ms) => void (totals = { ...totals, build: totals.build + ms }),
    addCase: (times, isNewCase) => void (totals = withCaseTimes(totals, times, isNewCase)),
    print: (wallMs) => void process.stderr.write(`${profileLines(totals, wallMs).join('\n')}\n`),
  };
}
