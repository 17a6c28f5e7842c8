// merge-reports: the json reports of the shards of one run (--shard 1/N … N/N) combined into the report the unsharded
// run gives, case by case, with stage statuses recomputed the way the grader computes them.
import { Ajv } from 'ajv';
import type { Case, CaseResult, Report, Stage, StageResult, Verdict, VerdictStatus } from '../../course/core/types.ts';
import type { Plan, Selection } from '../../run/core/plan.ts';
import { plan, progressiveBlocker } from '../../run/core/plan.ts';
import { stageStatus, summarize } from './summarize.ts';
import { describeSchemaError } from '../../judge/core/json-errors.ts';
import type { JsonCase, JsonReport, JsonStage } from './json-report.ts';

/** A json report as read from a file. */
export type ShardReport = { file: string; doc: unknown };

export type MergeResult = { ok: true; report: Report; selection: Selection; count: number } | { ok: false; problems: string[] };

const STATUSES: VerdictStatus[] = ['pass', 'fail', 'timeout', 'error', 'skip'];

/** What merge needs of a json report (more fields are allowed: the report grows additively). */
const REPORT_SCHEMA = {
  type: 'object',
  required: ['summary', 'run', 'stages'],
  properties: {
    summary: { type: 'object', required: ['durationMs'], properties: { durationMs: { type: 'number' } } },
    run: {
      type: 'object',
      required: ['stages', 'all', 'bail'],
      properties: {
        stages: { type: 'array', items: { type: 'string' } },
        all: { type: 'boolean' },
        case: { type: 'string' },
        bail: { type: 'boolean' },
        shard: { type: 'object', required: ['index', 'count'], properties: { index: { type: 'integer', minimum: 1 }, count: { type: 'integer', minimum: 1 } } },
      },
    },
    stages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['slug', 'title', 'command', 'status', 'cases'],
        properties: {
          slug: { type: 'string' },
          title: { type: 'string' },
          command: { type: 'string' },
          points: { type: 'number' },
          problem: { type: 'string' },
          cases: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'file', 'status', 'durationMs', 'message', 'hint', 'maxScore'],
              properties: {
                name: { type: 'string' },
                file: { type: 'string' },
                status: { enum: STATUSES },
                durationMs: { type: 'number' },
                message: { type: 'string' },
                hint: { type: 'string' },
                maxScore: { type: 'number' },
                points: { type: 'number' },
                private: { type: 'boolean' },
                verdict: { type: 'object', required: ['status'], properties: { status: { enum: STATUSES } } },
                stderr: { type: 'string' },
              },
            },
          },
        },
      },
    },
  },
} as const;

type Checked = { file: string; doc: JsonReport & { run: NonNullable<JsonReport['run']> } };

// The reports that have the shape merge needs; a problem per file (and JSON path) that does not.
function checkShapes(reports: ShardReport[], problems: string[]): Checked[] {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(REPORT_SCHEMA);
  return reports.flatMap(({ file, doc }) => {
    if (validate(doc)) return [{ file, doc: doc as unknown as Checked['doc'] }];
    const first = (validate.errors ?? []).slice(0, 5).map((e) => `${file}: ${describeSchemaError(e)}`);
    problems.push(...first, `${file}: not a json report of dispatch-lab that merge-reports can read (write one with --reporter json --output-file json=PATH)`);
    return [];
  });
}

// What must be equal in every shard of one run: the selection flags and the stages.
function runKey(c: Checked): string {
  const { run, stages } = c.doc;
  return JSON.stringify({ stages: run.stages, all: run.all, case: run.case ?? null, course: stages.map((s) => [s.slug, s.title, s.command, s.points ?? null]) });
}

// Problems with the set of shards: other runs, --bail, duplicated or missing shards, an unsharded report among shards.
function shardProblems(checked: Checked[]): string[] {
  const [first] = checked;
  if (!first) return [];
  const problems: string[] = [];
  for (const c of checked) {
    if (c.doc.run.bail) problems.push(`${c.file}: a --bail run cannot be merged (each shard stops at its own first failure); run the shards without --bail`);
    if (c !== first && runKey(c) !== runKey(first)) problems.push(`${c.file}: not a shard of the same run as ${first.file} (the course's stages or --stage/--all/--case differ)`);
  }
  const unsharded = checked.filter((c) => !c.doc.run.shard);
  if (unsharded.length > 0 && checked.length > 1) problems.push(...unsharded.map((c) => `${c.file}: not a shard (written without --shard); it overlaps every other report`));
  const count = first.doc.run.shard?.count;
  const seen = new Map<number, string>();
  for (const c of checked) {
    const shard = c.doc.run.shard;
    if (!shard) continue;
    if (shard.count !== count) problems.push(`${c.file}: shard ${shard.index}/${shard.count} is not one of ${count} shards like ${first.file}`);
    const other = seen.get(shard.index);
    if (other !== undefined) problems.push(`${c.file}: shard ${shard.index}/${shard.count} overlaps ${other} (the same shard twice)`);
    seen.set(shard.index, c.file);
  }
  if (count !== undefined && problems.length === 0) {
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    if (missing.length > 0) problems.push(`missing ${missing.map((i) => `shard ${i}/${count}`).join(', ')}: merge every shard of the run`);
  }
  return problems;
}

type Placed = { stage: JsonStage; c: JsonCase };

// The cases of every shard in the order of the unsharded plan. `--shard I/N` keeps the cases at positions I-1, I-1+N, …
// of the plan (run/core/plan.ts), so taking one case from each shard in turn restores that order; a case in two shards, or
// shards whose sizes cannot come from one plan, are problems.
function interleave(checked: Checked[], problems: string[]): Placed[] {
  const ordered = [...checked].sort((a, b) => (a.doc.run.shard?.index ?? 1) - (b.doc.run.shard?.index ?? 1));
  const lists = ordered.map((c) => c.doc.stages.flatMap((stage) => stage.cases.map((one) => ({ stage, c: one }))));
  const owner = new Map<string, string>();
  ordered.forEach((c, i) => {
    for (const { stage, c: one } of lists[i] ?? []) {
      const key = `${stage.slug}\u0000${one.file}`;
      const other = owner.get(key);
      if (other !== undefined) problems.push(`${c.file}: case ${stage.slug} › ${one.name} (${one.file}) is also in ${other}: the shards overlap`);
      owner.set(key, c.file);
    }
  });
  const total = lists.reduce((sum, l) => sum + l.length, 0);
  const n = ordered.length;
  ordered.forEach((c, i) => {
    const expected = Math.ceil((total - i) / n);
    if ((lists[i]?.length ?? 0) !== expected && problems.length === 0) problems.push(`${c.file}: holds ${lists[i]?.length ?? 0} cases where shard ${i + 1}/${n} of a ${total}-case run holds ${expected}: the shards are not from one run`);
  });
  return Array.from({ length: total }, (_, p) => lists[p % n]?.[Math.floor(p / n)]).filter((x): x is Placed => x !== undefined);
}

// A json case back as a case result (what reporters are fed).
function caseResult(stage: Stage, c: JsonCase): CaseResult {
  const theCase: Case = {
    name: c.name,
    hint: c.hint,
    input: c.input,
    expect: {},
    stage: stage.slug,
    file: c.file,
    maxScore: c.maxScore,
    ...(c.points !== undefined ? { points: c.points } : {}),
    ...(c.private ? { private: true } : {}),
  };
  const result: CaseResult = { case: theCase, verdict: verdictOf(c), durationMs: c.durationMs };
  if (c.stderr !== undefined) {
    result.run = { stdout: '', stderr: c.stderr, exitCode: null, signal: null, timedOut: c.status === 'timeout', durationMs: c.durationMs, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 0 };
  }
  return result;
}

// The verdict a json case records (its message stands in when the report predates `verdict`).
function verdictOf(c: JsonCase): Verdict {
  if (c.status === 'pass') return { status: 'pass' };
  if (c.status === 'skip') return { status: 'skip', reason: c.message };
  if (c.verdict && c.verdict.status === c.status) return c.verdict;
  return { status: 'error', message: c.message };
}

// The merged stages, in course order, with statuses recomputed: a stage's status from its cases (summarize.ts
// stageStatus), and in a progressive run every stage after a failing one skipped (plan.ts progressiveBlocker).
function mergedStages(stages: JsonStage[], placed: Placed[], thePlan: Plan): StageResult[] {
  const failed = new Set<string>();
  let afterProblem = false;
  return stages.map((json, i) => {
    const stage: Stage = { slug: json.slug, title: json.title, command: json.command, ...(json.points !== undefined ? { points: json.points } : {}) };
    const cases = placed.filter((p) => p.stage.slug === json.slug).map((p) => caseResult(stage, p.c));
    // Every shard reports the same stage problem (the program does not build or crashes at start), and skips alike after it.
    if (afterProblem) return { stage, status: 'skip', cases };
    const blocker = thePlan.mode === 'progressive' ? progressiveBlocker(thePlan, json.slug, failed) : undefined;
    if (blocker !== undefined) return { stage, status: 'skip', cases: cases.map((c) => ({ case: c.case, verdict: { status: 'skip', reason: blocker }, durationMs: 0 })) };
    const problem = stages[i]?.problem ?? undefined;
    const result: StageResult = { stage, status: stageStatus(cases, problem !== undefined), cases, ...(problem !== undefined ? { problem } : {}) };
    if (result.status === 'fail') failed.add(json.slug);
    if (problem !== undefined) afterProblem = true;
    return result;
  });
}

// The shards' json reports merged into the report of the unsharded run, or every problem with them (each names its file).
export function mergeReports(reports: ShardReport[]): MergeResult {
  if (reports.length === 0) return { ok: false, problems: ['name the json reports to merge: merge-reports FILE…'] };
  const problems: string[] = [];
  const checked = checkShapes(reports, problems);
  if (problems.length > 0) return { ok: false, problems };
  problems.push(...shardProblems(checked));
  if (problems.length > 0) return { ok: false, problems };
  const placed = interleave(checked, problems);
  if (problems.length > 0) return { ok: false, problems };
  const first = checked[0] as Checked;
  const { run } = first.doc;
  const selection: Selection = { stages: run.stages, all: run.all, ...(run.case !== undefined ? { casePattern: run.case } : {}) };
  // Every stage of a run is in each of its reports; a stage problem (build error) is the same in each, so the first's is kept.
  const stages = first.doc.stages.map((s) => ({ ...s, ...withProblem(checked, s.slug) }));
  const planned = plan(stages.map((s) => ({ slug: s.slug, title: s.title, command: s.command })), [], selection);
  if (!planned.ok) return { ok: false, problems: planned.problems.map((p) => `${first.file}: ${p}`) };
  const merged = mergedStages(stages, placed, planned.plan);
  const durationMs = Math.max(...checked.map((c) => c.doc.summary.durationMs));
  const report: Report = { summary: summarize(merged, durationMs), stages: merged };
  const next = planned.plan.mode === 'progressive' ? merged.find((s) => s.status !== 'pass')?.stage : undefined;
  if (next) report.next = next;
  return { ok: true, report, selection, count: checked.length };
}

// The stage problem any shard reports for a stage.
function withProblem(checked: Checked[], slug: string): { problem?: string } {
  const problem = checked.map((c) => c.doc.stages.find((s) => s.slug === slug)?.problem).find((p) => p !== undefined);
  return problem !== undefined ? { problem } : {};
}
