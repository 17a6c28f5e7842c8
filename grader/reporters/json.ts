import type { Report } from '../core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { describeVerdict } from '../core/describe.ts';
import { safeText } from '../core/safe-text.ts';

/** The JSON report document (ARCHITECTURE.md). */
export type JsonReport = {
  summary: Report['summary'];
  stages: {
    slug: string;
    status: string;
    problem?: string;
    cases: { name: string; file: string; status: string; durationMs: number; message: string; hint: string }[];
  }[];
};

// The report as the JSON document CI scripts read.
export function toJsonReport(report: Report): JsonReport {
  return {
    summary: report.summary,
    stages: report.stages.map((s) => ({
      slug: s.stage.slug,
      status: s.status,
      ...(s.problem ? { problem: safeText(s.problem) } : {}),
      cases: s.cases.map((c) => ({
        name: c.case.name,
        file: c.case.file,
        status: c.verdict.status,
        durationMs: c.durationMs,
        message: describeVerdict(c.verdict),
        hint: c.case.hint,
      })),
    })),
  };
}

// Prints one JSON document when the run ends.
export const jsonReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(`${JSON.stringify(toJsonReport(report), null, 2)}\n`);
  },
});
