// The problem a gradebook row names when cases ran but the program misbehaved in them: it hung, crashed, went over a
// limit or flooded its output. One line, counts per kind ("timed out in 12 cases (30 more cut short); crashed in 2 cases").
import type { Verdict } from '../../course/core/types.ts';

type Kind = 'timeout' | 'cutShort' | 'crash' | 'limit' | 'flood' | 'error';

// What kind of misbehaviour a verdict shows, if any (a plain wrong answer is none).
function kindOf(verdict: Verdict): Kind | undefined {
  if (verdict.status === 'timeout') return verdict.cutShort ? 'cutShort' : 'timeout';
  if (verdict.status === 'error') return 'error';
  if (verdict.status !== 'fail') return undefined;
  const kinds = verdict.failures.map((f) => f.kind);
  if (kinds.includes('limit')) return 'limit';
  if (kinds.includes('output-limit')) return 'flood';
  const killed = verdict.failures.some((f) => f.kind === 'exit-code' && f.signal !== null);
  return kinds.includes('crash') || killed ? 'crash' : undefined;
}

// "1 case", "12 cases".
function cases(n: number): string {
  return `${n} ${n === 1 ? 'case' : 'cases'}`;
}

// The one-line problem of a run's verdicts, or undefined when no case hung, crashed or went over a limit.
export function runProblem(verdicts: Verdict[]): string | undefined {
  const count = (kind: Kind) => verdicts.filter((v) => kindOf(v) === kind).length;
  const timeouts = count('timeout');
  const cutShort = count('cutShort');
  const parts: string[] = [];
  if (timeouts > 0 || cutShort > 0) parts.push(`timed out in ${cases(timeouts)}${cutShort > 0 ? ` (${cutShort} more cut short after them)` : ''}`);
  const crashes = count('crash');
  if (crashes > 0) parts.push(`crashed in ${cases(crashes)}`);
  const limits = count('limit');
  if (limits > 0) parts.push(`went over its memory or process limit in ${cases(limits)}`);
  const floods = count('flood');
  if (floods > 0) parts.push(`flooded its output in ${cases(floods)}`);
  const errors = count('error');
  if (errors > 0) parts.push(`could not be run in ${cases(errors)}`);
  return parts.length > 0 ? parts.join('; ') : undefined;
}
