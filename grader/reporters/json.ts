import type { CaseResult, Report, StageResult } from '../course/core/types.ts';
import type { JsonCase, JsonReport, JsonRun, JsonStage } from '../report/core/json-report.ts';
import type { ReporterFactory, RunInfo } from './reporter.ts';
import { describeVerdict } from '../judge/core/describe.ts';
import { safeJson, safeText } from '../text/core/safe-text.ts';
import { caseScore, reportScore, stageScore } from '../course/core/points.ts';

export type { JsonCase, JsonReport, JsonRun, JsonStage };

// A case as the JSON report shows it.
function jsonCase(c: CaseResult): JsonCase {
  const isFailure = c.verdict.status !== 'pass' && c.verdict.status !== 'skip';
  const stderr = c.run?.stderr ?? '';
  return {
    name: c.case.name,
    file: c.case.file,
    status: c.verdict.status,
    durationMs: c.durationMs,
    message: describeVerdict(c.verdict),
    hint: c.case.hint,
    ...caseScore(c),
    ...(c.case.points !== undefined ? { points: c.case.points } : {}),
    ...(c.case.private ? { private: true as const } : {}),
    ...(isFailure ? { verdict: c.verdict, input: c.case.input } : {}),
    ...(isFailure && stderr !== '' ? { stderr } : {}),
  };
}

// A stage as the JSON report shows it.
function jsonStage(s: StageResult): JsonStage {
  return {
    slug: s.stage.slug,
    title: s.stage.title,
    command: s.stage.command,
    ...(s.stage.points !== undefined ? { points: s.stage.points } : {}),
    status: s.status,
    ...(s.problem ? { problem: safeText(s.problem) } : {}),
    ...stageScore(s),
    cases: s.cases.map(jsonCase),
  };
}

// What the JSON report records of how the run chose its cases.
export function jsonRun(run: RunInfo): JsonRun {
  const { selection } = run;
  return {
    stages: selection.stages,
    all: selection.all,
    ...(selection.casePattern !== undefined ? { case: selection.casePattern } : {}),
    ...(selection.shard ? { shard: selection.shard } : {}),
    bail: run.bail,
    ...(run.mergedFrom !== undefined ? { mergedFrom: run.mergedFrom } : {}),
  };
}

// The report as the JSON document CI scripts read.
export function toJsonReport(report: Report, run?: RunInfo): JsonReport {
  return {
    summary: { ...report.summary, ...reportScore(report) },
    ...(report.next ? { next: report.next.slug } : {}),
    ...(run ? { run: jsonRun(run) } : {}),
    stages: report.stages.map(jsonStage),
  };
}

// Prints one JSON document when the run ends.
export const jsonReporter: ReporterFactory = ({ write, run }) => ({
  onRunEnd(report) {
    write(`${safeJson(toJsonReport(report, run), 2)}\n`);
  },
});
