import type { CaseResult, Report, StageResult } from '../course/core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { caseScore, formatScore, reportScore, stageScore } from '../course/core/points.ts';
import { boundedText, firstDifference } from '../judge/core/first-difference.ts';
import { safeJson, safeText } from '../text/core/safe-text.ts';

/** Characters of a test's output (Gradescope shows it in a box under the test). */
const TEST_OUTPUT_CHARS = 4_000;
/** Characters of the submission-wide output. */
const OUTPUT_CHARS = 20_000;

/** One test of a Gradescope results.json (https://gradescope-autograders.readthedocs.io/en/latest/specs/). */
export type GradescopeTest = {
  /** "stage › case". */
  name: string;
  /** "stage.case", 1-based, so Gradescope lists tests in course order. */
  number: string;
  score: number;
  max_score: number;
  status: 'passed' | 'failed';
  /** The first difference and the hint, escaped and bounded ("" for a pass). */
  output: string;
  output_format: 'text';
  /** Private cases (--cases DIR) are shown to students only after the due date. */
  visibility: 'visible' | 'after_due_date';
};

/** The results.json document Gradescope's autograder harness reads. */
export type GradescopeResults = {
  score: number;
  max_score?: number;
  /** Seconds. */
  execution_time?: number;
  /** Text for the whole submission: the score, each stage, and why a stage could not run. */
  output: string;
  output_format: 'text';
  tests: GradescopeTest[];
};

// The output box of one test: what differs first and the hint; nothing for a pass.
function testOutput(result: CaseResult): string {
  if (result.verdict.status === 'pass') return '';
  const lines = [firstDifference(result.verdict), `hint: ${result.case.hint}`];
  return boundedText(safeText(lines.join('\n')), TEST_OUTPUT_CHARS);
}

// One case as a Gradescope test.
function gradescopeTest(stage: StageResult, stageNumber: number, result: CaseResult, caseNumber: number): GradescopeTest {
  const { score, maxScore } = caseScore(result);
  return {
    name: `${stage.stage.slug} › ${result.case.name}`,
    number: `${stageNumber}.${caseNumber}`,
    score,
    max_score: maxScore,
    status: result.verdict.status === 'pass' ? 'passed' : 'failed',
    output: testOutput(result),
    output_format: 'text',
    visibility: result.case.private ? 'after_due_date' : 'visible',
  };
}

// The submission-wide text: the score, a line per stage, and the reason of any stage that could not run.
function submissionOutput(report: Report): string {
  const s = report.summary;
  const lines = [`dispatch-lab: ${formatScore(reportScore(report))} points · ${s.passed} of ${s.total} cases passed`, ''];
  for (const stage of report.stages) {
    const passed = stage.cases.filter((c) => c.verdict.status === 'pass').length;
    lines.push(`${stage.stage.slug}: ${passed}/${stage.cases.length} cases, ${formatScore(stageScore(stage))} points${stage.status === 'skip' ? ' (not run)' : ''}`);
  }
  const problems = report.stages.filter((st) => st.problem !== undefined);
  for (const stage of problems) lines.push('', `${stage.stage.slug}: program.ts could not be run:`, stage.problem ?? '');
  return boundedText(safeText(lines.join('\n')), OUTPUT_CHARS);
}

// The report as Gradescope's results.json: a test per case with its points, the run's score and a summary text.
export function gradescopeResults(report: Report): GradescopeResults {
  const { score, maxScore } = reportScore(report);
  return {
    score,
    max_score: maxScore,
    execution_time: Math.round(report.summary.durationMs / 1000),
    output: submissionOutput(report),
    output_format: 'text',
    tests: report.stages.flatMap((stage, i) => stage.cases.map((c, j) => gradescopeTest(stage, i + 1, c, j + 1))),
  };
}

// The results.json of a submission the grader could not grade at all (no program.ts, …): score 0 and the reason.
export function gradescopeFault(problems: string[]): GradescopeResults {
  const text = ['dispatch-lab could not grade this submission:', ...problems.map((p) => `  ${p}`)].join('\n');
  return { score: 0, output: boundedText(safeText(text), OUTPUT_CHARS), output_format: 'text', tests: [] };
}

// Writes Gradescope's results.json when the run ends (use: --output-file gradescope=/autograder/results/results.json).
export const gradescopeReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(`${safeJson(gradescopeResults(report), 2)}\n`);
  },
});
