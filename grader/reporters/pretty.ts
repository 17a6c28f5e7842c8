import pc from 'picocolors';
import type { CaseResult, Report, StageResult } from '../course/core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { failureDetails, moreFailures, type Paint } from './failure-details.ts';
import { MAX_FULL_FAILURES, oneLineDifference, orderFailures } from '../judge/core/failure-order.ts';
import { describeVerdict } from '../judge/core/describe.ts';
import { safeText } from '../text/core/safe-text.ts';
import { formatScore, reportScore } from '../course/core/points.ts';
import { DEFAULT_COLUMNS, namesWithin, wrapText } from '../text/core/wrap-text.ts';
import { caseLine, formatMs } from './watch-marks.ts';
import { fitLines } from './fit-lines.ts';

/** How many lines the names of failures alike, or the listing of further failures, may take. */
const MAX_NAME_LINES = 3;
const MAX_LISTED_FAILURES = 6;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function countsLine(parts: [number, string, (s: string) => string][], total: number): string {
  const shown = parts.filter(([n]) => n > 0).map(([n, word, color]) => color(`${n} ${word}`));
  return `${shown.join(', ') || '0'} (${total})`;
}

function summaryLines(report: Report, paint: Paint): string[] {
  const s = report.summary;
  const stageCount = (status: StageResult['status']) => report.stages.filter((x) => x.status === status).length;
  const lines = [
    `${paint.dim(' Stages ')} ${countsLine([[stageCount('pass'), 'passed', paint.green], [stageCount('fail'), 'failed', paint.red], [stageCount('skip'), 'skipped', paint.dim]], report.stages.length)}`,
    `${paint.dim(' Cases  ')} ${countsLine([[s.passed, 'passed', paint.green], [s.failed, 'failed', paint.red], [s.skipped, 'skipped', paint.dim]], s.total)}`,
    `${paint.dim(' Score  ')} ${formatScore(reportScore(report))} points`,
    `${paint.dim(' Time   ')} ${formatMs(s.durationMs)}`,
  ];
  if (report.next) lines.push(`${paint.yellow('next:')} stage ${report.next.slug} — npx dispatch-lab show ${report.next.slug}`);
  else if (s.failed === 0 && s.total > 0) lines.push(paint.green('every graded stage passes.'));
  return lines;
}

function isFailure(result: CaseResult): boolean {
  return result.verdict.status !== 'pass' && result.verdict.status !== 'skip';
}

// The default terminal view. On a pipe or in a log: a line per case, then each failure in full, then a summary. In a
// terminal: a line per stage as it ends, then the skipped stages in one line, the first failure in full and the summary,
// so that the failure a student has to read is on screen when the run ends. Text is laid out to `width` columns.
export const prettyReporter: ReporterFactory = ({ write, color, width = DEFAULT_COLUMNS, isTerminal = false }) => {
  const colors = pc.createColors(color);
  const paint: Paint = { dim: colors.dim, red: colors.red, green: colors.green, yellow: colors.yellow, bold: colors.bold };
  const print = (lines: string[]) => void (lines.length > 0 && write(`${fitLines(lines, width).join('\n')}\n`));
  const alike = (group: CaseResult[]) => sameWayLines(group, width, paint);
  if (isTerminal) return terminalReporter(print, alike, width, paint);
  return {
    onStageStart({ stage, cases }) {
      print(['', `${paint.bold(stage.slug)} ${paint.dim(`· ${stage.title} · ${plural(cases.length, 'case')}`)}`]);
    },
    onCaseEnd(result: CaseResult) {
      if (result.verdict.status === 'skip') return;
      print([caseLine(result, paint)]);
    },
    onStageEnd(result: StageResult) {
      if (result.status === 'skip') {
        print(['', paint.dim(`${result.stage.slug} · skipped (${plural(result.cases.length, 'case')}): ${skipReason(result)}`)]);
        return;
      }
      if (result.problem) {
        print(['', ...problemLines(result, paint)]);
        return;
      }
      // Simplest failure first; at most MAX_FULL_FAILURES blocks in full, the rest one line each.
      const groups = groupAlike(orderFailures(result.cases.filter(isFailure)));
      for (const group of groups.slice(0, MAX_FULL_FAILURES)) {
        const [first] = group;
        if (first) print(['', ...failureDetails(first, result.stage, paint).split('\n'), ...alike(group)]);
      }
      const listed = groups.slice(MAX_FULL_FAILURES).flat();
      if (listed.length > 0) print(['', ...moreFailures(listed, paint).split('\n')]);
    },
    onRunEnd(report: Report) {
      print(['', ...summaryLines(report, paint)]);
    },
  };
};

type Print = (lines: string[]) => void;

// The one-shot view of a terminal: stage lines as stages end; at the end, the skipped stages, the first failing
// stage's other failures one line each, its first failure in full, and the summary.
function terminalReporter(print: Print, alike: (group: CaseResult[]) => string[], width: number, paint: Paint) {
  return {
    onStageEnd(result: StageResult) {
      if (result.status !== 'skip') print([stageLine(result, paint)]);
    },
    onRunEnd(report: Report) {
      print(skippedLines(report.stages.filter((s) => s.status === 'skip'), paint));
      const focus = report.stages.find((s) => s.status === 'fail');
      if (focus?.problem) print(['', ...problemLines(focus, paint)]);
      else if (focus) {
        const [firstGroup = [], ...others] = groupAlike(orderFailures(focus.cases.filter(isFailure)));
        const [first] = firstGroup;
        const rest = others.flat();
        if (rest.length > 0) print(['', ...listedFailures(rest, width, paint)]);
        if (first) print(['', ...failureDetails(first, focus.stage, paint).split('\n'), ...alike(firstGroup)]);
      }
      print(['', ...summaryLines(report, paint)]);
    },
  };
}

// A graded stage in one line: "✓ echo · title · 9 cases pass", "✗ view · title · 3 of 32 cases fail".
function stageLine(result: StageResult, paint: Paint): string {
  const { stage, cases } = result;
  if (result.problem) return `${paint.red('✗')} ${paint.bold(stage.slug)} ${paint.red('· program.ts could not be run')}`;
  const failed = cases.filter(isFailure).length;
  const count = failed === 0 ? paint.dim(`· ${plural(cases.length, 'case')} pass`) : paint.red(`· ${failed} of ${plural(cases.length, 'case')} fail`);
  return `${failed === 0 ? paint.green('✓') : paint.red('✗')} ${paint.bold(stage.slug)} ${paint.dim(`· ${stage.title}`)} ${count}`;
}

// The skipped stages in one line per reason: "- 13 stages skipped (385 cases): an earlier stage fails: …".
function skippedLines(skipped: StageResult[], paint: Paint): string[] {
  const byReason = new Map<string, StageResult[]>();
  for (const s of skipped) byReason.set(skipReason(s), [...(byReason.get(skipReason(s)) ?? []), s]);
  return [...byReason].map(([reason, stages]) => {
    const cases = stages.reduce((n, s) => n + s.cases.length, 0);
    const which = stages.length === 1 ? `${stages[0]?.stage.slug} skipped` : `${stages.length} stages skipped`;
    return paint.dim(`- ${which} (${plural(cases, 'case')}): ${reason}`);
  });
}

// Failures after the first, one line each, at most MAX_LISTED_FAILURES of them.
function listedFailures(rest: CaseResult[], width: number, paint: Paint): string[] {
  const heading = paint.dim(`${plural(rest.length, 'more failing case')} (rerun one with --case to see it in full):`);
  const lines = rest.slice(0, MAX_LISTED_FAILURES).map((r) => `    ${paint.red('✗')} ${r.case.name}${r.isNew ? paint.dim(' (new since you passed this stage)') : ''} ${paint.dim('—')} ${safeText(oneLineDifference(r.verdict))}`);
  const more = rest.length > MAX_LISTED_FAILURES ? [paint.dim(`    … ${rest.length - MAX_LISTED_FAILURES} more`)] : [];
  return [...wrapText(heading, width, '  ', '    '), ...lines, ...more];
}

// Under a failure shown in full, the names of the cases that failed the same way, cut to a few lines.
function sameWayLines(group: CaseResult[], width: number, paint: Paint): string[] {
  const rest = group.slice(1);
  if (rest.length === 0) return [];
  const lead = `  … and ${plural(rest.length, 'more case')} failed the same way: `;
  return namesWithin(rest.map((c) => c.case.name), width, MAX_NAME_LINES, lead, '    ').map((line) => paint.dim(line));
}

// A stage whose every case failed for one reason (program.ts could not be run), said once.
function problemLines(result: StageResult, paint: Paint): string[] {
  return [paint.red(paint.bold(`✗ ${result.stage.slug}: program.ts could not be run`)), ...safeText(result.problem ?? '').split('\n'), paint.dim(`(${plural(result.cases.length, 'case')} not graded)`)];
}

// Failures with the same message and stderr (a stub, a crash at start) shown once, with the names of the rest.
function groupAlike(failed: CaseResult[]): CaseResult[][] {
  const groups = new Map<string, CaseResult[]>();
  for (const c of failed) {
    // A case new since the last pass is never grouped under one the student broke.
    const key = `${c.isNew ? 'new' : ''}\u0000${describeVerdict(c.verdict)}\u0000${c.run?.stderr ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

function skipReason(result: StageResult): string {
  const first = result.cases[0]?.verdict;
  return first?.status === 'skip' ? first.reason : 'not run';
}
