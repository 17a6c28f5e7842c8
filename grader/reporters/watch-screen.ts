import { stripVTControlCharacters } from 'node:util';
import type { CaseResult, Report, StageResult } from '../course/core/types.ts';
import type { WatchState } from '../watch/core/watch-state.ts';
import { failureDetails, type Paint } from './failure-details.ts';
import { caseLine, formatMs } from './watch-marks.ts';
import { statusLines } from './watch-status.ts';
import { safeText } from '../text/core/safe-text.ts';
import { DEFAULT_COLUMNS } from '../text/core/wrap-text.ts';
import { fitLines } from './fit-lines.ts';

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

// The lines [start, end) of a failure's section led by `label` ("  sent:", "  stderr:"), or undefined.
function sectionOf(lines: string[], label: string): [number, number] | undefined {
  const plain = lines.map((l) => stripVTControlCharacters(l));
  const start = plain.findIndex((l) => l === `  ${label}` || l.startsWith(`  ${label} `));
  if (start < 0) return undefined;
  const end = plain.findIndex((l, i) => i > start && /^ {2}\S/.test(l));
  return [start, end < 0 ? lines.length : end];
}

// `lines` with the body of a section shortened so that the whole takes `max` lines where it can; its first line
// stays, and a line says how many `unit`s (lines that start one, at the body's indentation) were left out.
function shortenSection(lines: string[], label: string, unit: string, max: number, paint: Paint): string[] {
  const section = sectionOf(lines, label);
  if (!section) return lines;
  const [start, end] = section;
  const drop = Math.min(lines.length - max + 1, end - start - 2);
  if (drop <= 0) return lines;
  const left = lines.slice(end - drop, end).filter((l) => /^ {4}\S/.test(stripVTControlCharacters(l))).length;
  return [...lines.slice(0, end - drop), paint.dim(`    … ${plural(left, `more ${unit}`)}`), ...lines.slice(end)];
}

// A failure fitted to `max` lines: the calls sent are shortened first, then stderr, then the reproduce command goes
// (rerun stays), then stderr, so what differs, the hint and how to run the case again stay in view.
function fitFailure(lines: string[], max: number, paint: Paint): string[] {
  let fitted = shortenSection(lines, 'sent:', 'call', max, paint);
  if (fitted.length > max) fitted = shortenSection(fitted, 'stderr:', 'line', max, paint);
  for (const label of ['reproduce:', 'stderr:']) {
    const section = sectionOf(fitted, label);
    if (fitted.length > max && section) fitted = [...fitted.slice(0, section[0]), ...fitted.slice(section[1])];
  }
  return capLines(fitted, max, paint);
}

function summaryLine(report: Report, paint: Paint): string {
  const s = report.summary;
  const parts = [s.passed > 0 ? paint.green(`${s.passed} passed`) : '', s.failed > 0 ? paint.red(`${s.failed} failed`) : '', s.skipped > 0 ? paint.dim(`${s.skipped} skipped`) : ''].filter((p) => p !== '');
  return `${paint.dim('Cases')} ${parts.join(', ') || '0'} (${s.total}) ${paint.dim(`· ${formatMs(s.durationMs)}`)}`;
}

// The whole interactive screen for a finished run, fitted to `rows` and laid out to `width` columns: stages, ✓/✗ per
// case, the first failure in full, hints, status.
export function watchScreen(state: WatchState, report: Report | undefined, paint: Paint, rows: number, width = DEFAULT_COLUMNS): string {
  const status = statusLines(state, report, paint, true, width);
  if (state.last?.type === 'broken') return [...fitLines(state.last.problems.map((p) => paint.red(p)), width), '', ...status].join('\n');
  if (!report) return status.join('\n');
  const focused = focusedStage(report);
  const firstFailure = focused?.cases.find(isFailure);
  const failure = firstFailure && focused && !focused.problem ? fitLines(failureDetails(firstFailure, focused.stage, paint).split('\n'), width) : [];
  const hints = state.showHints ? ['', ...capLines(fitLines(hintLines(report, paint), width), Math.max(MIN_HINT_LINES, Math.floor(rows / 3)), paint)] : [];
  const layout = (collapse: boolean) => fitLines(report.stages.flatMap((s) => stageLines(s, s === focused, collapse, paint)), width);
  const tail = [...hints, '', ...fitLines([summaryLine(report, paint)], width), ...status];
  let stages = layout(false);
  // A short terminal keeps the failures and the status line in view: passing cases become one count line, the failure is cut.
  if (stages.length + failure.length + tail.length + 1 > rows) stages = layout(true);
  const room = Math.max(MIN_FAILURE_LINES, rows - stages.length - tail.length - 2);
  const body = failure.length > 0 ? [...stages, '', ...fitFailure(failure, room, paint)] : stages;
  return [...body, ...tail].join('\n');
}
