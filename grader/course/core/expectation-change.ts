// What recording changes in a case's expectation, as lines an instructor reviews: "- was" / "+ now" per difference.
import type { Expectation } from './types.ts';
import { jsonDiff } from '../../judge/core/json-diff.ts';
import { displayPath } from '../../judge/core/json-path.ts';
import { formatValue } from '../../judge/core/format-value.ts';

const MAX_LINES = 40;

// The differences between the expectation a case had and the one the reference gives, old value first.
export function expectationChange(before: Expectation, after: Expectation): string[] {
  const lines: string[] = [];
  const exitBefore = before.exitCode ?? 0;
  const exitAfter = after.exitCode ?? 0;
  if (exitBefore !== exitAfter) lines.push(`- exitCode: ${exitBefore}`, `+ exitCode: ${exitAfter}`);
  if (before.stdout === undefined || after.stdout === undefined) {
    if (before.stdout !== undefined) lines.push(`- stdout: ${formatValue(before.stdout)}`);
    if (after.stdout !== undefined) lines.push(`+ stdout: ${formatValue(after.stdout)}`);
    return capped(lines);
  }
  for (const m of jsonDiff(before.stdout, after.stdout)) {
    const where = displayPath(m.path);
    if (m.kind !== 'unexpected') lines.push(`- ${where}: ${formatValue(m.expected)}`);
    if (m.kind !== 'missing') lines.push(`+ ${where}: ${formatValue(m.received)}`);
  }
  return capped(lines);
}

// An expectation as the JSON lines written into the file (long ones cut, with a count of what is not shown).
export function expectationLines(expect: Expectation): string[] {
  return capped(JSON.stringify(expect, null, 2).split('\n'));
}

function capped(lines: string[]): string[] {
  return lines.length <= MAX_LINES ? lines : [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more lines (see the file)`];
}
