import pc from 'picocolors';
import type { CaseResult } from '../course/core/types.ts';
import type { Paint } from './failure-details.ts';
import { keepTogether } from '../text/core/wrap-text.ts';

const MARK: Record<CaseResult['verdict']['status'], string> = { pass: '✓', fail: '✗', timeout: '⏱', error: '!', skip: '-' };

// The coloured mark of a case's verdict.
export function markOf(result: CaseResult, paint: Paint): string {
  const mark = MARK[result.verdict.status];
  if (result.verdict.status === 'pass') return paint.green(mark);
  if (result.verdict.status === 'skip') return paint.dim(mark);
  return paint.red(mark);
}

// A duration as people read it.
export function formatMs(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(2)} s`;
}

// One line for a case that ran; a private case shows no time (its time is redacted: it would say nothing true). The
// time is kept whole ("58 ms" never breaks between its number and its unit): the line goes through fitLines.
export function caseLine(result: CaseResult, paint: Paint): string {
  const time = result.case.private ? paint.dim('(private)') : paint.dim(keepTogether(formatMs(result.durationMs)));
  return `  ${markOf(result, paint)} ${result.case.name} ${time}`;
}

// The paint of the watch views; identity functions when colours are off.
export function paintOf(color: boolean): Paint {
  const colors = pc.createColors(color);
  return { dim: colors.dim, red: colors.red, green: colors.green, yellow: colors.yellow, bold: colors.bold };
}
