// Scoring one variant's grade: does the first failure block name the mistake, and does it assert another one? Pure.
import { firstBlock } from '../../test/feedback/first-block.ts';

/** How a variant's stage ended: failed (with the first block), passed every case (the cases miss the mistake), or the grader could not grade it. */
export type GradeStatus = 'failed' | 'passed' | 'fault';

/** One variant's line in the results. */
export type VariantScore = {
  stage: string;
  name: string;
  mistake: string;
  names: string;
  status: GradeStatus;
  // The CLI's exit code (-1 when it did not end by itself).
  exitCode: number;
  // The first failure block verbatim, from "✗ " to its "rerun:" line; undefined when there is none.
  block: string | undefined;
  // The block's note / likely mistake / known mistake / hint lines, trimmed.
  answers: string[];
  // The answering line the Names regex matched first; undefined when none did.
  namedBy: string | undefined;
  // The block's "likely mistake:" / "known mistake:" lines that the Names regex does not match: each asserts a
  // mistake that may not be this one (a possible misfire, for a person to read).
  unmatchedAssertions: string[];
  // For a fault: what went wrong (the CLI's last lines, or the build's error).
  problem?: string;
};

const ANSWER = /^\s*(note|likely mistake|known mistake|its hint|hint):/;
const ASSERTION = /^\s*(likely mistake|known mistake):/;

// The answering lines of a block: its note, likely mistake, known mistake, the mistake's hint ("its hint:") and the case's hint, trimmed.
export function answerLines(block: string): string[] {
  return block.split('\n').filter((line) => ANSWER.test(line)).map((line) => line.trim());
}

// The score of a grade: the first block of the pretty output and what the Names regex finds in it.
export function scoreGrade(variant: { stage: string; name: string; mistake: string; names: string }, exitCode: number, output: string): VariantScore {
  const block = exitCode === 1 ? firstBlock(output)?.text : undefined;
  const status: GradeStatus = exitCode === 0 ? 'passed' : block === undefined ? 'fault' : 'failed';
  const answers = block === undefined ? [] : answerLines(block);
  const regex = new RegExp(variant.names, 'i');
  const namedBy = answers.find((line) => regex.test(line));
  const unmatchedAssertions = answers.filter((line) => ASSERTION.test(line) && !regex.test(line));
  const score: VariantScore = { ...variant, status, exitCode, block, answers, namedBy, unmatchedAssertions };
  return status === 'fault' ? { ...score, problem: lastLines(output, 12) } : score;
}

/** The figures of a run: of the variants graded, how many failed, how many of those the first block names, … */
export type Totals = {
  variants: number;
  failed: number;
  named: number;
  // Failed variants whose first block has an assertion the Names regex does not match.
  possibleMisfires: number;
  passed: number;
  faults: number;
  // named / failed as a percentage with one decimal ("—" when nothing failed).
  namedPercent: string;
};

// The totals of a set of scores.
export function totalsOf(scores: readonly VariantScore[]): Totals {
  const failed = scores.filter((s) => s.status === 'failed');
  const named = failed.filter((s) => s.namedBy !== undefined).length;
  return {
    variants: scores.length,
    failed: failed.length,
    named,
    possibleMisfires: failed.filter((s) => s.unmatchedAssertions.length > 0).length,
    passed: scores.filter((s) => s.status === 'passed').length,
    faults: scores.filter((s) => s.status === 'fault').length,
    namedPercent: failed.length === 0 ? '—' : `${((100 * named) / failed.length).toFixed(1)} %`,
  };
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}
