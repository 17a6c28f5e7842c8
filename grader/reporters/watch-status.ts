import type { Report } from '../course/core/types.ts';
import { currentStage, focusAfterWholeCourse, nextStageOf, type WatchState } from '../watch/core/watch-state.ts';
import type { Paint } from './failure-details.ts';
import { DEFAULT_COLUMNS, keepTogether, NO_BREAK, wrapText } from '../text/core/wrap-text.ts';

// What the last run says about the work, in one line; `isInteractive` offers keys, otherwise commands.
export function verdictLine(state: WatchState, report: Report | undefined, paint: Paint, isInteractive: boolean): string {
  const last = state.last;
  if (last === undefined) return '';
  if (last.type === 'broken') return paint.red('✗ the grader could not run your program (see above); fix it and save');
  const stage = currentStage(state) ?? 'the course';
  if (!last.passed) {
    const result = report?.stages.find((s) => s.stage.slug === last.stage);
    if (result?.problem) return paint.red(`✗ ${stage}: program.ts could not be run — fix the error above and save`);
    const failed = result?.cases.filter((c) => c.verdict.status !== 'pass' && c.verdict.status !== 'skip').length ?? last.failedCases.length;
    return paint.red(`✗ ${stage}: ${failed} of ${result?.cases.length ?? failed} cases fail`);
  }
  if (state.isFailedOnly) return paint.green(`✓ the ${state.failedCases.length} cases that failed pass now`) + (isInteractive ? ' — press f to run every case' : '');
  const next = nextStageOf(state);
  if (next === undefined) return paint.green(`✓ ${stage} passes — it is the last stage: the course is done`);
  const offer = isInteractive ? `press ${paint.bold('n')} for the next stage: ${next}` : `next stage: ${keepTogether(`npx dispatch-lab test --stage ${next} --watch`)}`;
  return `${paint.green(`✓ ${stage} passes`)} — ${offer}`;
}

// The keys line, wrapped to `width` columns between keys (never inside one); each toggle names what pressing it does now.
export function keysLine(state: WatchState, paint: Paint, width = DEFAULT_COLUMNS): string[] {
  const all = state.isWholeCourse ? `a only ${focusAfterWholeCourse(state).join(', ') || 'the focus'}` : 'a all stages';
  const failed = state.isFailedOnly ? 'f every case' : 'f failed only';
  const hint = state.showHints ? 'h hide hints' : 'h hint';
  const keys = ['Enter rerun', all, failed, 'n next stage', hint, 'q quit'].map(keepTogether).join(`${NO_BREAK}· `);
  return wrapText(`${keepTogether('watching for changes —')} ${keys}`, width).map((line) => paint.dim(line));
}

// The status lines under a finished run, laid out to `width` columns: verdict, notice, and (interactive) the keys or
// (plain) how to stop.
export function statusLines(state: WatchState, report: Report | undefined, paint: Paint, isInteractive: boolean, width = DEFAULT_COLUMNS): string[] {
  const lines = [verdictLine(state, report, paint, isInteractive)].filter((l) => l !== '').flatMap((l) => wrapText(l, width, '', '  '));
  if (state.notice) lines.push(...wrapText(paint.yellow(state.notice), width, '', '  '));
  lines.push(...(isInteractive ? keysLine(state, paint, width) : ['watching for changes… (Ctrl-C to stop)']));
  return lines;
}

// The line shown while a run is in flight.
export function runningLine(state: WatchState, paint: Paint): string {
  const scope = state.isFailedOnly ? `the ${state.failedCases.length} failed cases` : state.isWholeCourse || state.focus.length === 0 ? 'the course' : state.focus.join(', ');
  return paint.dim(`running ${scope}… (a change or a key restarts · q quit)`);
}
