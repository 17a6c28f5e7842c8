// The short explanation of a verdict that one-box views (Gradescope, the GitHub job summary) show: the first difference
// only, bounded, with a note saying what was cut.
import type { Failure, Verdict } from '../../course/core/types.ts';
import { describeFailure, describeVerdict } from './describe.ts';

/** Lines of the first difference kept (a long string difference spans several). */
const MAX_LINES = 12;

// The first failure narrowed to its first mismatch, and how many differences that leaves out.
function firstOf(failures: Failure[]): { failure: Failure | undefined; more: number } {
  const [first, ...rest] = failures;
  if (first?.kind !== 'mismatch') return { failure: first, more: rest.length };
  const [one] = first.mismatches;
  const more = first.mismatches.length - 1 + (first.more ?? 0) + rest.length;
  return { failure: one ? { kind: 'mismatch', mismatches: [one] } : first, more };
}

// The first difference of a verdict ("" for a pass), safe to print; "… and N more" when there are others.
export function firstDifference(verdict: Verdict): string {
  if (verdict.status !== 'fail') return describeVerdict(verdict);
  const { failure, more } = firstOf(verdict.failures);
  const lines = failure ? describeFailure(failure) : [];
  const kept = lines.slice(0, MAX_LINES);
  if (lines.length > kept.length) kept.push(`… ${lines.length - kept.length} more lines`);
  if (more > 0) kept.push(`… and ${more} more ${more === 1 ? 'difference' : 'differences'}`);
  return kept.join('\n');
}

// Text cut to at most maxChars characters, with a note saying how much was cut.
export function boundedText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  // Never split a surrogate pair: a lone half is not valid text in JSON or Markdown.
  const kept = text.slice(0, /[\uD800-\uDBFF]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars);
  return `${kept}\n… (cut: ${text.length - kept.length} more characters; run the case locally to see all of it)`;
}
