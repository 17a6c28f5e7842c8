// What the browser page shows, as one value the server sends whole on every change: the page draws it, nothing more.
import type { CaseResult, Mismatch, Report, Stage, StageResult, StageStatus, VerdictStatus } from '../../course/core/types.ts';
import { formatValue } from '../../judge/core/format-value.ts';
import { displayPath } from '../../judge/core/json-path.ts';
import { safeText } from '../../text/core/safe-text.ts';
import { oneLineDifference, orderFailures } from '../../judge/core/failure-order.ts';
import { rerunCommand } from '../../judge/core/reproduce.ts';
import { currentStage, focusAfterWholeCourse, type WatchKey, type WatchState } from '../../watch/core/watch-state.ts';
import { failureBlock, type FailureBlock, type Paint } from '../../reporters/failure-details.ts';
import { runningLine, verdictLine } from '../../reporters/watch-status.ts';
import { differenceSpans, wholeSpans, type Spans } from './difference-spans.ts';

/** A stage of the list, as `stages` shows it: its last saved status and score, or not yet graded. */
export type UiStage = { slug: string; title: string; status: StageStatus | 'todo'; score?: string; caseCount: number };

/** One difference, both sides cut around what differs (a missing or unexpected key has one side). */
export type UiDifference = { path: string; expected?: Spans; received?: Spans };

/** A failing case as the terminal block explains it, with its differences as values. */
export type UiFailure = Omit<FailureBlock, 'mismatches'> & { differences: UiDifference[] };

/** A case as it finished. */
export type UiCase = { name: string; file: string; status: VerdictStatus; ms: number };

/** A failing case past the ones shown in full: its name, what went wrong in one line, and how to rerun it. */
export type UiShortFailure = { name: string; line: string; rerun: string };

/** A stage of the run in flight or the last one: its cases so far, then its verdict and failures. */
export type UiStageRun = {
  slug: string;
  title: string;
  planned: number;
  cases: UiCase[];
  status?: StageStatus;
  skipReason?: string;
  problem?: string;
  failures: UiFailure[];
  more?: UiShortFailure[];
  /** It passed when last graded and fails now (the regression check of a focused run, or of the whole course). */
  regression?: boolean;
};

/** Failing cases of a stage shown in full; the rest get a line each (the page stays light when a whole course fails). */
export const MAX_PAGE_FAILURES = 10;

/** The watch keys the page offers as buttons, each with the label of what it does now. */
export type UiKey = { key: Exclude<WatchKey, 'quit'>; letter: string; label: string; pressed?: boolean };

export type UiSnapshot = {
  stages: UiStage[];
  /** The stage the student works on (the watch's current stage). */
  current?: string;
  /** The stage graded now, while a run is in flight. */
  runningStage?: string;
  isRunning: boolean;
  /** "running …" while a run is in flight, else the verdict line of the last run. */
  status: string;
  notice?: string;
  keys: UiKey[];
  /** The grader could not run the program or the course: its problems. */
  broken?: string[];
  run: UiStageRun[];
  summary?: string;
  /** Shown when hints are on: each failing case's hint. */
  hints?: { name: string; hint: string }[];
};

const PLAIN: Paint = { dim: (s) => s, red: (s) => s, green: (s) => s, yellow: (s) => s, bold: (s) => s };

// A mismatch as the page shows it: both values as failure messages quote them, the part that differs marked.
export function differenceOf(m: Mismatch): UiDifference {
  const path = displayPath(m.path);
  if (m.kind === 'missing') return { path, expected: wholeSpans(safeText(formatValue(m.expected))) };
  if (m.kind === 'unexpected') return { path, received: wholeSpans(safeText(formatValue(m.received))) };
  const both = differenceSpans(safeText(formatValue(m.expected)), safeText(formatValue(m.received)));
  return { path, ...both };
}

// A failing case for the page, from the same block the terminal prints.
export function failureView(result: CaseResult, stage: Stage): UiFailure {
  const { mismatches, ...block } = failureBlock(result, stage);
  return { ...block, differences: mismatches.map(differenceOf) };
}

function isFailure(result: CaseResult): boolean {
  return result.verdict.status !== 'pass' && result.verdict.status !== 'skip';
}

// A finished stage of the run: its verdict, and every failing case, simplest first as the terminal orders them;
// `before` is its saved status from before this run (a pass then and a fail now is a regression).
export function finishedStage(run: UiStageRun, result: StageResult, before?: UiStage['status']): UiStageRun {
  const first = result.cases[0]?.verdict;
  return {
    ...run,
    ...(before === 'pass' && result.status === 'fail' ? { regression: true } : {}),
    status: result.status,
    ...(result.status === 'skip' ? { skipReason: first?.status === 'skip' ? first.reason : 'not run' } : {}),
    ...(result.problem ? { problem: safeText(result.problem) } : {}),
    ...failuresOf(result),
  };
}

function failuresOf(result: StageResult): Pick<UiStageRun, 'failures' | 'more'> {
  if (result.problem) return { failures: [] };
  const ordered = orderFailures(result.cases.filter(isFailure));
  const rest = ordered.slice(MAX_PAGE_FAILURES).map((c) => ({ name: c.case.name, line: safeText(oneLineDifference(c.verdict)), rerun: rerunCommand(c.case) }));
  return { failures: ordered.slice(0, MAX_PAGE_FAILURES).map((c) => failureView(c, result.stage)), ...(rest.length > 0 ? { more: rest } : {}) };
}

// The stage list: course order, each with its saved status.
export function stageList(stages: Stage[], caseCounts: Map<string, number>, saved: Record<string, { status: StageStatus; passed: number; total: number }>): UiStage[] {
  return stages.map((s) => {
    const last = saved[s.slug];
    const base = { slug: s.slug, title: s.title, caseCount: caseCounts.get(s.slug) ?? 0 };
    return last ? { ...base, status: last.status, score: `${last.passed}/${last.total}` } : { ...base, status: 'todo' as const };
  });
}

// The buttons for the watch keys, labelled as the terminal's key line names them.
export function keysOf(state: WatchState): UiKey[] {
  return [
    { key: 'rerun', letter: 'r', label: 'rerun' },
    { key: 'all', letter: 'a', label: state.isWholeCourse ? `only ${focusAfterWholeCourse(state).join(', ') || 'the focus'}` : 'all stages', pressed: state.isWholeCourse },
    { key: 'failed', letter: 'f', label: state.isFailedOnly ? 'every case' : 'failed only', pressed: state.isFailedOnly },
    { key: 'next', letter: 'n', label: 'next stage' },
    { key: 'hint', letter: 'h', label: state.showHints ? 'hide hints' : 'hints', pressed: state.showHints },
  ];
}

// The parts of the snapshot the watch state decides (the run's stages and the list come from elsewhere).
export function stateView(state: WatchState, report: Report | undefined): Pick<UiSnapshot, 'current' | 'isRunning' | 'status' | 'notice' | 'keys' | 'broken' | 'hints'> {
  const current = currentStage(state);
  const failed = report?.stages.flatMap((s) => s.cases.filter(isFailure)) ?? [];
  return {
    ...(current ? { current } : {}),
    isRunning: state.isRunning,
    status: state.isRunning ? runningLine(state, PLAIN).replace(/ \([^)]*\)$/, '') : verdictLine(state, report, PLAIN, true),
    ...(state.notice ? { notice: state.notice } : {}),
    keys: keysOf(state),
    ...(state.last?.type === 'broken' ? { broken: state.last.problems.map(safeText) } : {}),
    ...(state.showHints ? { hints: failed.map((c) => ({ name: c.case.name, hint: c.case.hint })) } : {}),
  };
}
