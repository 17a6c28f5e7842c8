import type { Case, Stage } from '../../course/core/types.ts';
import { closest } from '../../text/core/closest.ts';

/** Which part of the course to grade. */
export type Selection = {
  /** Slugs given with --stage; empty means the whole course. */
  stages: string[];
  /** --all: grade every stage instead of stopping after the first failing one. */
  all: boolean;
  /** --case: keep cases whose name or file contains this text (case-insensitive). */
  casePattern?: string;
  /** --shard I/N: keep every N-th case starting at the I-th (1-based). */
  shard?: { index: number; count: number };
};

export type PlannedStage = { stage: Stage; cases: Case[] };

/** The stages and cases one run grades, in course order. */
export type Plan = {
  /** progressive: stop after the first failing stage and report the rest as skipped. */
  mode: 'progressive' | 'every';
  stages: PlannedStage[];
};

export type PlanResult = { ok: true; plan: Plan } | { ok: false; problems: string[] };

// The plan for a selection, or every reason the selection is invalid.
export function plan(stages: Stage[], cases: Case[], selection: Selection): PlanResult {
  const slugs = stages.map((s) => s.slug);
  const problems = selection.stages.filter((s) => !slugs.includes(s)).map((s) => unknownStage(s, slugs));
  if (problems.length > 0) return { ok: false, problems };
  const chosen = selection.stages.length === 0 ? stages : stages.filter((s) => selection.stages.includes(s.slug));
  const planned = chosen.map((stage) => ({ stage, cases: cases.filter((c) => c.stage === stage.slug && keepCase(c, selection)) }));
  const sharded = selection.shard ? shard(planned, selection.shard) : planned;
  const mode = selection.all || selection.stages.length > 0 ? 'every' : 'progressive';
  return { ok: true, plan: { mode, stages: sharded } };
}

function unknownStage(slug: string, slugs: string[]): string {
  const suggestion = closest(slug, slugs);
  return `unknown stage "${slug}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; see: npx dispatch-lab stages`;
}

function keepCase(c: Case, selection: Selection): boolean {
  if (!selection.casePattern) return true;
  const needle = selection.casePattern.toLowerCase();
  return c.name.toLowerCase().includes(needle) || c.file.toLowerCase().includes(needle);
}

function shard(planned: PlannedStage[], { index, count }: { index: number; count: number }): PlannedStage[] {
  let position = 0;
  return planned.map(({ stage, cases }) => ({ stage, cases: cases.filter(() => position++ % count === index - 1) }));
}

// The stage the student is on: the first planned stage, in course order, that did not pass when last graded
// (`passed` holds the slugs whose saved status is a pass); undefined when every one passed.
export function currentStageOf(thePlan: Plan, passed: ReadonlySet<string>): string | undefined {
  return thePlan.stages.find((p) => p.cases.length > 0 && !passed.has(p.stage.slug))?.stage.slug;
}

// The order the stages of a plan run in: `first` (the current stage) at once, then the others in course order
// (the earlier ones are the regression check). Reports still list stages in course order.
export function runOrder(thePlan: Plan, first: string | undefined): PlannedStage[] {
  const head = thePlan.stages.find((p) => p.stage.slug === first);
  return head ? [head, ...thePlan.stages.filter((p) => p !== head)] : thePlan.stages;
}

// Why a stage is skipped given the stages graded so far, in progressive mode: a stage before it in course order fails.
export function progressiveBlocker(thePlan: Plan, stage: string, failed: ReadonlySet<string>): string | undefined {
  const before = thePlan.stages.slice(0, thePlan.stages.findIndex((p) => p.stage.slug === stage));
  const failing = before.find((p) => failed.has(p.stage.slug));
  return failing ? `an earlier stage fails: finish ${failing.stage.slug} first` : undefined;
}
