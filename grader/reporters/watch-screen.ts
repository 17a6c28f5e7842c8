import type { CaseResult, Report, StageResult } from '../core/types.ts';
import type { WatchState } from '../core/watch-state.ts';
import { failureDetails, type Paint } from './failure-details.ts';
import { caseLine, formatMs } from './watch-marks.ts';
import { statusLines } from './watch-status.ts';
import { safeText } from '../core/safe-text.ts';

/** Lines a failure keeps even on a short terminal. */
const MIN_FAILURE_LINES = 12;
/** Lines the hints panel keeps even on a short terminal. */
const MIN_HINT_LINES = 8;

function isFailure(result: CaseResult): boolean {
  return result.verdict.status !== 'pass' && result.verdict.status !== 'skip';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// The stage the screen details: the first failing one, else the last graded.
function focusedStage(report: Report): StageResult | undefined {
  return report.stages.find((s) => s.status === 'fail') ?? report.stages.filter((s) => s.status !== 'skip').at(-1);
}

function stageLines(result: StageResult, isFocused: boolean, collapsePasses: boolean, paint: Paint): string[] {
  const { stage } = result;
  if (result.status === 'skip') return [paint.dim(`- ${stage.slug} · skipped: ${result.cases[0]?.verdict.status === 'skip' ? result.cases[0].verdict.reason : 'not run'}`)];
  if (result.problem) return [paint.red(paint.bold(`✗ ${stage.slug} · program.ts could not be run`)), ...safeText(result.problem).split('\n').map((l) => `  ${l}`)];
  if (!isFocused && result.status === 'pass') return [`${paint.green('✓')} ${stage.slug} ${paint.dim(`· ${plural(result.cases.length, 'case')} pass`)}`];
  const header = `${paint.bold(stage.slug)} ${paint.dim(`· ${stage.title} · ${plural(result.cases.length, 'case')}`)}`;
  const ran = result.cases.filter((c) => c.verdict.status !== 'skip');
  if (!collapsePasses) return [header, ...ran.map((c) => caseLine(c, paint))];
  const passed = ran.length - ran.filter(isFailure).length;
  return [header, ...(passed > 0 ? [`  ${paint.green('✓')} ${plural(passed, 'case')} pass`] : []), ...ran.filter(isFailure).map((c) => caseLine(c, paint))];
}

function hintLines(report: Report, paint: Paint): string[] {
  const failed = report.stages.flatMap((s) => s.cases.filter(isFailure));
  if (failed.length === 0) return [paint.yellow('hints:'), `  nothing fails; the stage's instructions: npx dispatch-lab show ${focusedStage(report)?.stage.slug ?? '<stage>'}`];
  return [paint.yellow('hints:'), ...failed.flatMap((c) => [`  ${paint.red('✗')} ${c.case.name}`, `    ${c.case.hint}`])];
}

function capLines(lines: string[], max: number, paint: Paint): string[] {
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), paint.dim(`  … ${lines.length - max + 1} more lines (rerun just this case for all of them)`)];
}

function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

// A failure fitted to `max` lines: the calls sent are shortened first, so what differs, the hint and the reproduce command stay.
function fitFailure(lines: string[], max: number, paint: Paint): string[] {
  if (lines.length <= max) return lines;
  const plain = lines.map(stripAnsi);
  const sent = plain.findIndex((l) => l.trim() === 'sent:');
  const after = sent < 0 ? -1 : plain.findIndex((l, i) => i > sent && /^ {2}\S/.test(l));
  if (after - sent <= 2) return capLines(lines, max, paint);
  const drop = Math.min(lines.length - max + 1, after - sent - 2);
  return capLines([...lines.slice(0, after - drop), paint.dim(`    … ${drop} more calls`), ...lines.slice(after)], max, paint);
}

function summaryLine(report: Report, paint: Paint): string {
  const s = report.summary;
  const parts = [s.passed > 0 ? paint.green(`${s.passed} passed`) : '', s.failed > 0 ? paint.red(`${s.failed} failed`) : '', s.skipped > 0 ? paint.dim(`${s.skipped} skipped`) : ''].filter((p) => p !== '');
  return `${paint.dim('Cases')} ${parts.join(', ') || '0'} (${s.total}) ${paint.dim(`· ${formatMs(s.durationMs)}`)}`;
}

// The whole interactive screen for a finished run, fitted to `rows`: stages, ✓/✗ per case, the first failure in full, hints, status.
export function watchScreen(state: WatchState, report: Report | undefined, paint: Paint, rows: number): string {
  const status = statusLines(state, report, paint, true);
  if (state.last?.type === 'broken') return [...state.last.problems.map((p) => paint.red(p)), '', ...status].join('\n');
  if (!report) return status.join('\n');
  const focused = focusedStage(report);
  const firstFailure = focused?.cases.find(isFailure);
  const failure = firstFailure && focused && !focused.problem ? failureDetails(firstFailure, focused.stage, paint).split('\n') : [];
  const hints = state.showHints ? ['', ...capLines(hintLines(report, paint), Math.max(MIN_HINT_LINES, Math.floor(rows / 3)), paint)] : [];
  const layout = (collapse: boolean) => report.stages.flatMap((s) => stageLines(s, s === focused, collapse, paint));
  const tail = [...hints, '', summaryLine(report, paint), ...status];
  let stages = layout(false);
  // A short terminal keeps the failures and the status line in view: passing cases become one count line, the failure is cut.
  if (stages.length + failure.length + tail.length + 1 > rows) stages = layout(true);
  const room = Math.max(MIN_FAILURE_LINES, rows - stages.length - tail.length - 2);
  const body = failure.length > 0 ? [...stages, '', ...fitFailure(failure, room, paint)] : stages;
  return [...body, ...tail].join('\n');
}
