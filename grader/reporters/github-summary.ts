import type { CaseResult, Report, StageResult } from '../course/core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { boundedText, firstDifference } from '../judge/core/first-difference.ts';
import { formatScore, reportScore, stageScore } from '../course/core/points.ts';
import { safeText } from '../text/core/safe-text.ts';

/** Bytes a job summary may hold: GitHub refuses a step summary over 1 MiB; we keep a margin for the closing note. */
export const SUMMARY_BUDGET_BYTES = 1024 * 1024 - 16 * 1024;
/** Failing cases detailed at most (the rest are counted): a summary is read, not searched. */
const MAX_FAILURES = 100;
/** Characters of one failure's first difference. */
const DIFFERENCE_CHARS = 2_000;

const STATUS: Record<StageResult['status'], string> = { pass: '✅ pass', fail: '❌ fail', skip: '⏭️ not run' };

// Text shown as Markdown text: every character Markdown or HTML would read as syntax is escaped, so a case name or a
// message cannot inject a link, an image, HTML or a table cell; newlines become spaces (a cell is one line).
export function markdownText(text: string): string {
  return safeText(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!|~>]/g, (ch) => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
}

// Text as a fenced code block, its fence longer than any run of backticks inside (nothing in it is read as Markdown or HTML).
export function codeBlock(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${safeText(text)}\n${fence}`;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

// The table of stages: cases passed of graded, points, status.
function stageTable(report: Report): string[] {
  const rows = report.stages.map((s) => {
    const passed = s.cases.filter((c) => c.verdict.status === 'pass').length;
    return `| ${markdownText(s.stage.slug)} | ${passed}/${s.cases.length} | ${formatScore(stageScore(s))} | ${STATUS[s.status]} |`;
  });
  return ['| stage | cases passed | points | status |', '| --- | ---: | ---: | --- |', ...rows];
}

// One failing case: its name, what differs first, and the hint.
function failureSection(stage: StageResult, c: CaseResult): string {
  const lines = [`#### ❌ ${markdownText(`${stage.stage.slug} › ${c.case.name}`)}`, '', codeBlock(boundedText(firstDifference(c.verdict), DIFFERENCE_CHARS)), '', `**hint:** ${markdownText(c.case.hint)}`, '', ''];
  return lines.join('\n');
}

// A stage that could not run at all (build error, crash at start): the reason once.
function problemSection(stage: StageResult): string {
  return [`#### ❌ ${markdownText(stage.stage.slug)}: program.ts could not be run`, '', codeBlock(boundedText(stage.problem ?? '', DIFFERENCE_CHARS)), ''].join('\n');
}

// The GitHub job summary (Markdown): the score, a table per stage, then the failing cases with their first difference,
// kept under `budgetBytes` (GitHub's 1 MiB) with a note saying how many were left out.
export function githubSummary(report: Report, budgetBytes = SUMMARY_BUDGET_BYTES): string {
  const s = report.summary;
  const head = [`### dispatch-lab: ${formatScore(reportScore(report))} points`, '', `${s.passed} of ${s.total} cases passed, ${s.failed} failed, ${s.skipped} not run.`, '', ...stageTable(report), '', ''].join('\n');
  const sections = report.stages.flatMap((stage) => (stage.problem !== undefined
    ? [problemSection(stage)]
    : stage.cases.filter((c) => c.verdict.status !== 'pass' && c.verdict.status !== 'skip').map((c) => failureSection(stage, c))));
  let body = sections.length > 0 ? '### Failing\n\n' : '';
  let used = byteLength(head) + byteLength(body);
  let shown = 0;
  for (const section of sections) {
    if (shown >= MAX_FAILURES || used + byteLength(section) > budgetBytes) break;
    body += section;
    used += byteLength(section);
    shown++;
  }
  const left = sections.length - shown;
  if (left > 0) body += `_… ${left} more failing ${left === 1 ? 'case' : 'cases'} not shown (the summary keeps ${shown}; GitHub limits a job summary to 1 MiB): see the log._\n`;
  return `${head}${body}`;
}

// Writes the job summary when the run ends; with GITHUB_STEP_SUMMARY set, the github reporter brings it along and the
// grader appends it to that file.
export const githubSummaryReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(githubSummary(report));
  },
});
