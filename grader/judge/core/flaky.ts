import type { FlakyOutcome, Verdict } from '../../course/core/types.ts';
import { describeVerdict } from './describe.ts';

// The verdict of a case graded several times (--repeat): the one every run agreed on, or a failure listing each different outcome.
export function repeatedVerdict(verdicts: Verdict[]): Verdict {
  const outcomes = new Map<string, FlakyOutcome>();
  for (const verdict of verdicts) {
    const message = describeVerdict(verdict);
    const key = `${verdict.status}\u0000${message}`;
    const seen = outcomes.get(key);
    if (seen) seen.count++;
    else outcomes.set(key, { status: verdict.status, message, count: 1 });
  }
  if (outcomes.size <= 1) return verdicts[0] ?? { status: 'skip', reason: 'not run' };
  return { status: 'fail', failures: [{ kind: 'flaky', runs: verdicts.length, outcomes: [...outcomes.values()] }] };
}
