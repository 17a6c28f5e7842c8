// The domain nouns of the grader. Everything here is plain data that crosses module boundaries.
import type { CaseLimits, LimitHit } from '../../sandbox/core/limits.ts';

/** One entry of stages/stages.json, in course order. */
export type Stage = {
  /** Stable identifier, also the folder name under cases/ and the file name under stages/. */
  slug: string;
  /** Human title shown in listings. */
  title: string;
  /** The `program.ts <command>` this stage runs. */
  command: string;
  /** Being written: may have no cases yet, and cases with an empty expectation (`validate` lets both pass). */
  draft?: boolean;
  /** Points the stage is worth, spread over its cases (course/core/points.ts); absent: the sum of its cases' points. */
  points?: number;  /** Common mistakes of the stage, each a pattern on the received value with its own hint (judge/core/mistakes.ts). */
  mistakes?: MistakePattern[];
};

/** What must hold of the received value at a mistake pattern's path; exactly one per pattern. */
export type MistakeCondition =
  /** The key is there although the expected document has none. */
  | { present: true }
  /** The key is missing although the expected document has one. */
  | { absent: true }
  /** The received value is this JSON value (deep equality), where another is expected. */
  | { equals: unknown }
  /** The received value is a string that this RE2 regular expression matches (anywhere; anchor with ^ and $). */
  | { matches: string }
  /** The received value is of this JSON type: string, number, integer, boolean, null, array or object. */
  | { type: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object' }
  /** The array at the path holds its elements in another order (all of them, or one moved). */
  | { order: true };

/** What the expected value must be for a pattern that tells two correct forms apart: a value condition, or
 * `absent` (the expected document has no key there). */
export type ExpectedCondition = { absent: true } | { equals: unknown } | { matches: string } | { type: Extract<MistakeCondition, { type: unknown }>['type'] };

/** One entry of a stage's `mistakes` array in stages/stages.json. */
export type MistakePattern = MistakeCondition & {
  /** Narrows the pattern to one confusion: it fires only where the expected value meets this (and then even when
   * the expected value meets the received condition too, as two messages of one form do). */
  expected?: ExpectedCondition;
  /** The pattern is about this one field: it fires only where no other field of the same object differs (an error
   * answer's missing `is_error: true` is the mistake only where its content is the expected one). */
  alone?: true;
  /** RE2 picking out the part of the text the mistake is about (its first group, or the whole match): the pattern
   * fires only where that part differs between the expected and the received text (a text without it differs). */
  changed?: string;
  /** RE2 picking out the part of the text that must agree (its first group, or the whole match): the pattern fires
   * only where both texts have that part and it is the same, so what differs is what the pattern names. */
  unchanged?: string;
  /** Where in stdout's document, e.g. `results[*].is_error` (`[*]` stands for any index; `stdout` for the whole
   * document); `exitCode` is the exit code and `stderr` what the program wrote there. */
  path: string;
  /** What to tell the student when it matches: the mistake, and how to fix it. */
  hint: string;
};

/** What a case expects of the program's run. */
export type Expectation = {
  /** The one JSON document stdout must hold (may contain matchers such as {"$regex": "…"}). Absent: stdout is not graded. */
  stdout?: unknown;
  /** The exit code; 0 when absent. */
  exitCode?: number;
};

/** A case file as written under cases/<stage>/<name>.json. */
export type CaseFile = {
  /** Unique within its stage; what students see. */
  name: string;
  /** What to check when this case fails; shown under the failure. */
  hint: string;
  /** The sentence of stages/<stage>.md the case pins, quoted word for word; `validate` requires it (course/core/rule-quote.ts),
   * a run does not. */
  rule?: string;
  /** Written to the program's stdin: JSON-encoded, or sent verbatim when it is a string. */
  input: unknown;
  expect: Expectation;
  /** Overrides the default per-case timeout. */
  timeoutMs?: number;
  /** Weight in gradebooks; 1 when absent. */
  points?: number;
  /** Which failure is shown first: lower first (0 when absent), then fewer calls, then a smaller input. */
  priority?: number;
  /** The case checks that the harness refuses its input (`record` records such a run only when this is true). */
  expectHarnessError?: boolean;
};

/** A loaded case: the file's content plus where it came from. */
export type Case = CaseFile & {
  /** Slug of the stage it belongs to. */
  stage: string;
  /** Path relative to the content root, posix separators (e.g. cases/echo/basic.json); a private case's path as given with --cases. */
  file: string;
  /** Loaded from a --cases directory: student-facing reporters show its name, verdict and hint, never its input or expected values. */
  private?: boolean;
  /** The points this case is worth in a run, set by the loader (course/core/points.ts): its share of the stage's points, else its own `points` (1 when absent). */
  maxScore?: number;
};

/** What one spawned run of the program produced. */
export type RunResult = {
  stdout: string;
  stderr: string;
  /** Null when the process was killed by a signal. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  /** Bytes dropped from the middle of each stream by the output cap (0 when nothing was dropped). */
  stdoutDroppedBytes: number;
  stderrDroppedBytes: number;
  /** The cap that applied to each stream. */
  outputLimitBytes: number;
  /** The memory and process limits the run had, when it had any. */
  limits?: CaseLimits;
  /** The limit the run went over (cgroup counters, or what the program said when an rlimit refused it). */
  limitHit?: LimitHit;
  /** The call the harness was running when the run ended (`calls[0] str_replace`), from its breadcrumbs on stderr; absent when every call returned. */
  runningCall?: string;
};

/** One difference between the expected and the received JSON. */
export type Mismatch =
  | { kind: 'value'; path: string; expected: unknown; received: unknown }
  /** `identity` names the element by its identity field when the array is matched by one (`name "x"`). */
  | { kind: 'missing'; path: string; expected: unknown; identity?: string }
  | { kind: 'unexpected'; path: string; received: unknown; identity?: string }
  /** The element expected at `path` is at index `from` of the received array (and agrees with it, or is listed apart). */
  | { kind: 'moved'; path: string; expected: unknown; received: unknown; from: number }
  /** The array at `path` holds the expected elements in another order; `moves` pairs expected and received indexes. */
  | { kind: 'reordered'; path: string; expected: unknown; received: unknown; moves: [number, number][] };

/** Why a run failed its case; a failed verdict holds one or more. */
export type Failure =
  /** The first differences (at most MAX_MISMATCHES); `more` counts the ones not listed. */
  | { kind: 'mismatch'; mismatches: Mismatch[]; more?: number }
  /** The run went over its memory or process limit. */
  | { kind: 'limit'; limit: LimitHit; limits: CaseLimits }
  | { kind: 'exit-code'; expected: number; received: number | null; signal: string | null }
  | { kind: 'stdout'; problem: string; excerpt: string }
  /** The program stopped at a starter stub: `not implemented: <what>` on stderr, or in its output through a catch-all. */
  | { kind: 'not-implemented'; what: string }
  /** The program ended (an exception, an unhandled rejection, a signal) while the harness was running this call (`calls[2] bash`). */
  | { kind: 'crash'; during: string }
  | {
      kind: 'output-limit';
      stream: 'stdout' | 'stderr';
      limitBytes: number;
      /** Bytes dropped from the middle of the stream. */
      droppedBytes?: number;
      /** The first and last characters the stream kept, so students see what flooded it. */
      head?: string;
      tail?: string;
    }
  | { kind: 'flaky'; runs: number; outcomes: FlakyOutcome[] };

/** One of the different verdicts a case got when it was graded several times (--repeat). */
export type FlakyOutcome = { status: VerdictStatus; message: string; count: number };

/** The grade of one case. */
export type Verdict =
  | { status: 'pass' }
  | { status: 'fail'; failures: Failure[] }
  /**
   * `during`: the call that was running (`calls[0] glob`). `cutShort`: not run to its end, because earlier cases of
   * the stage timed out in calls to a tool it calls (`call`: the tool), or outside any call (`call`: "").
   */
  | { status: 'timeout'; timeoutMs: number; during?: string; cutShort?: { call: string; cases: number } }
  | { status: 'error'; message: string }
  | { status: 'skip'; reason: string };

export type VerdictStatus = Verdict['status'];

/** A case with its verdict and the run behind it (absent when it never ran). */
export type CaseResult = {
  case: Case;
  verdict: Verdict;
  run?: RunResult;
  durationMs: number;
  /** The known mistakes whose output on this case is exactly the received one (grader/known/); absent when none. */
  known?: KnownMistake[];
  /** A failing case of a stage the student passed, added to the course since that pass (not a regression). */
  isNew?: boolean;
};

/** One known mistake: a one-bug variant of the reference (test/mutants/<stage>/<name>), in the library cases/known-mistakes.json. */
export type KnownMistake = {
  /** `stage/name`: the variant's folder and file name. */
  id: string;
  /** The mistake, from the variant's `// Mutant:` line. */
  description: string;
  /** How to fix it, from its `// Hint:` line when it has one. */
  hint?: string;
};

export type StageStatus = 'pass' | 'fail' | 'skip';

/** A stage's cases and overall status. */
export type StageResult = {
  stage: Stage;
  status: StageStatus;
  cases: CaseResult[];
  /** Set when the stage could not run at all (e.g. program.ts does not build). */
  problem?: string;
};

/** Counts across a whole run. */
export type Summary = {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  durationMs: number;
};

/** Everything a run produced, as reporters and the JSON report see it. */
export type Report = {
  summary: Summary;
  stages: StageResult[];
  /** The stage the student should work on next, if any. */
  next?: Stage;
};
