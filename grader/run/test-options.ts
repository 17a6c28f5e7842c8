import type { Course } from '../course/core/course.ts';
import type { Selection } from './core/plan.ts';
import type { Reporter } from '../reporters/reporter.ts';
import type { ProgramBuilder } from './io/build-program.ts';
import type { Isolation } from '../sandbox/io/isolation.ts';
import type { RunLimits } from '../sandbox/io/case-limits.ts';
import type { CaseProfiler } from './io/case-profiler.ts';
import type { StageKnownMistakes } from '../known/core/known-mistakes.ts';

/** A case's timeout when neither --timeout nor the case sets one. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** How much of each of stdout and stderr a run keeps. */
export const OUTPUT_LIMIT_BYTES = 1024 * 1024;

/** Everything one graded run needs. */
export type TestOptions = {
  course: Course;
  /** The student's course directory (holds program.ts). */
  courseDir: string;
  selection: Selection;
  jobs: number;
  /** --timeout: overrides every case's timeout. */
  timeoutMs?: number;
  defaultTimeoutMs: number;
  outputLimitBytes: number;
  bail: boolean;
  keep: boolean;
  reporters: Reporter[];
  /** Aborts the run: running cases are killed, the rest are not started. */
  signal?: AbortSignal;
  /** Reuse a builder across runs (watch mode); otherwise one is made and disposed. */
  builder?: ProgramBuilder;
  /** Told each kept temp dir (--keep). */
  onKeptDir?: (path: string) => void;
  /** --repeat: grade each case this many times; a case whose verdict changes fails as flaky. 1 when absent. */
  repeat?: number;
  /** --isolate: every case in its own namespaces (see sandbox/io/isolation.ts). */
  isolation?: Isolation;
  /** --memory, --max-procs (on by default with --isolate): per-case limits. */
  limits?: RunLimits;
  /** Keep each run's whole output in the report (record needs the reference's); otherwise long output is cut. */
  keepFullOutput?: boolean;
  /** Without --stage: run the stage the student is on first, the earlier ones (the regression check) after it (test, watch). */
  currentFirst?: boolean;
  /** Run this stage first, the other selected ones after it (watch: the focused stage, then its regression check). */
  runFirst?: string;
  /** Where each case's time goes outside the student's process (DISPATCH_LAB_PROFILE=1 sets one for a run). */
  profiler?: CaseProfiler;
  /** The library of known mistakes, one stage's table at a time (read lazily: only once a case fails); absent: no lookup. */
  knownMistakes?: (stage: string) => StageKnownMistakes | undefined;
  /** By stage slug, the case files of the student's last pass of that stage (the status file): a failing case not among them is new. */
  passedBefore?: Record<string, readonly string[]>;
};
