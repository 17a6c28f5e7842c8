import pc from 'picocolors';
import type { CaseResult, Report, StageResult } from '../core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { failureDetails, moreFailures, type Paint } from './failure-details.ts';
import { MAX_FULL_FAILURES, orderFailures } from '../core/failure-order.ts';
import { describeVerdict } from '../core/describe.ts';
import { safeText } from '../core/safe-text.ts';
import { formatScore, reportScore } from '../core/points.ts';

const MARK: Record<CaseResult['verdict']['status'], string> = { pass: '✓', fail: '✗', timeout: '⏱', error: '!', skip: '-' };

function markOf(result: CaseResult, paint: Paint): string {
  const mark = MARK[result.verdict.status];
  if (result.verdict.status === 'pass') return paint.green(mark);
  if (result.verdict.status === 'skip') return paint.dim(mark);
  return paint.red(mark);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function formatMs(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(2)} s`;
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

// The default terminal view: a line per case, then each failure in full, then a summary.
export const prettyReporter: ReporterFactory = ({ write, color }) => {
  const colors = pc.createColors(color);
  const paint: Paint = { dim: colors.dim, red: colors.red, green: colors.green, yellow: colors.yellow, bold: colors.bold };
  return {
    onStageStart({ stage, cases }) {
      write(`\n${paint.bold(stage.slug)} ${paint.dim(`· ${stage.title} · ${plural(cases.length, 'case')}`)}\n`);
    },
    onCaseEnd(result: CaseResult) {
      if (result.verdict.status === 'skip') return;
      write(`  ${markOf(result, paint)} ${result.case.name} ${paint.dim(formatMs(result.durationMs))}\n`);
    },
    onStageEnd(result: StageResult) {
      if (result.status === 'skip') {
        write(`${paint.dim(`\n${result.stage.slug} · skipped (${plural(result.cases.length, 'case')}): ${skipReason(result)}`)}\n`);
        return;
      }
      if (result.problem) {
        // Every case failed for this one reason: say it once instead of once per case.
        write(`\n${paint.red(paint.bold(`✗ ${result.stage.slug}: program.ts could not be run`))}\n${safeText(result.problem)}\n${paint.dim(`(${plural(result.cases.length, 'case')} not graded)`)}\n`);
        return;
      }
      const failed = result.cases.filter((c) => c.verdict.status !== 'pass' && c.verdict.status !== 'skip');
      // Simplest failure first; at most MAX_FULL_FAILURES blocks in full, the rest one line each.
      const groups = groupAlike(orderFailures(failed));
      for (const group of groups.slice(0, MAX_FULL_FAILURES)) {
        const [first, ...rest] = group;
        if (!first) continue;
        write(`\n${failureDetails(first, result.stage, paint)}\n`);
        if (rest.length > 0) write(`${paint.dim(`  … and ${plural(rest.length, 'more case')} failed the same way: ${rest.map((c) => c.case.name).join(' · ')}`)}\n`);
      }
      const listed = groups.slice(MAX_FULL_FAILURES).flat();
      if (listed.length > 0) write(`\n${moreFailures(listed, paint)}\n`);
    },
    onRunEnd(report: Report) {
      write(`\n${summaryLines(report, paint).join('\n')}\n`);
    },
  };
};

// Failures with the same message and stderr (a stub, a crash at start) shown once, with the names of the rest.
function groupAlike(failed: CaseResult[]): CaseResult[][] {
  const groups = new Map<string, CaseResult[]>();
  for (const c of failed) {
    const key = `${describeVerdict(c.verdict)}\u0000${c.run?.stderr ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

function skipReason(result: StageResult): string {
  const first = result.cases[0]?.verdict;
  return first?.status === 'skip' ? first.reason : 'not run';
}
