// The text `grade` shows while it works through a class: a live line on a terminal, one plain line per submission elsewhere.
import { formatPoints } from './gradebook.ts';

/** Where a grade run is. */
export type GradeProgress = {
  /** Submissions finished (graded or found ungradable). */
  done: number;
  total: number;
  elapsedMs: number;
};

/** One submission just finished, as its plain line shows it. */
export type FinishedSubmission = {
  /** Its position, 1-based, in the order graded. */
  position: number;
  total: number;
  /** The submission as given, control characters already escaped. */
  name: string;
  score: number;
  maxScore: number;
  passed: number;
  cases: number;
  elapsedMs: number;
  /** Why it could not be graded, or why a stage could not run, one line. */
  problem?: string;
};

// A duration as people read it at a glance: "0s", "45s", "1m12s", "2h05m".
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

// A remaining time, coarser the longer it is: "40s", "8m", "1h05m" (a minute-level ETA for a long run is honest enough).
export function formatEta(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

// The time left if the remaining submissions take as long as the finished ones did on average; undefined before the first.
export function etaMs(progress: GradeProgress): number | undefined {
  if (progress.done === 0 || progress.done > progress.total) return undefined;
  return (progress.elapsedMs / progress.done) * (progress.total - progress.done);
}

// The live line: "graded 3/40 · 1m12s · ETA 8m" (no ETA before the first submission finishes).
export function progressLine(progress: GradeProgress): string {
  const eta = etaMs(progress);
  const parts = [`graded ${progress.done}/${progress.total}`, formatDuration(progress.elapsedMs), ...(eta === undefined || progress.done === progress.total ? [] : [`ETA ${formatEta(eta)}`])];
  return parts.join(' · ');
}

// The plain line of a finished submission: "[3/40] alice: 87/100 points, 40/45 cases (1m12s elapsed)" and its problem.
export function finishedLine(s: FinishedSubmission): string {
  const problem = s.problem ? ` — ${s.problem}` : '';
  return `[${s.position}/${s.total}] ${s.name}: ${formatPoints(s.score)}/${formatPoints(s.maxScore)} points, ${s.passed}/${s.cases} cases (${formatDuration(s.elapsedMs)} elapsed)${problem}`;
}

/** What a whole grade run did, for its throughput line. */
export type Throughput = { submissions: number; cases: number; elapsedMs: number };

// A rate with two significant figures at most ("0.52", "8.3", "41"): more would claim a precision the machine's load denies.
function rate(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  return String(value >= 10 ? Math.round(value) : Number(value.toPrecision(2)));
}

// The line `grade` ends with: "graded 4 submissions (1,604 cases) in 3m12s: 1.3 submissions/min, 8.4 cases/s".
export function throughputLine(t: Throughput): string {
  const minutes = t.elapsedMs / 60_000;
  const seconds = t.elapsedMs / 1000;
  const subs = `${t.submissions} ${t.submissions === 1 ? 'submission' : 'submissions'}`;
  return `graded ${subs} (${t.cases} ${t.cases === 1 ? 'case' : 'cases'}) in ${formatDuration(t.elapsedMs)}: ${rate(t.submissions / minutes)} submissions/min, ${rate(t.cases / seconds)} cases/s`;
}
