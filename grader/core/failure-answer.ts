// What answers a failed case's difference before its own hint: the shape of the difference ("note: …") and the stage's
// likely mistake. The student's failure block and the teacher's gradebook both show these, from this one place.
import type { Failure, Mismatch, Stage, Verdict } from './types.ts';
import { firstShapeNote } from './difference-shapes.ts';
import { likelyMistake } from './mistakes.ts';

/** The note on the difference's shape and the hint of the stage's mistake it matches, each when there is one. */
export type FailureAnswer = { note?: string; mistake?: string };

// The differences of a failed verdict (none for any other).
export function mismatchesOf(verdict: Verdict): Mismatch[] {
  return verdict.status === 'fail' ? verdict.failures.flatMap((f: Failure) => (f.kind === 'mismatch' ? f.mismatches : [])) : [];
}

// The note (without its "note: " prefix) and the likely mistake that answer a verdict of a case of `stage`.
export function failureAnswer(verdict: Verdict, stage: Pick<Stage, 'mistakes'>): FailureAnswer {
  const mismatches = mismatchesOf(verdict);
  const note = firstShapeNote(mismatches)?.replace(/^note: /, '');
  const mistake = likelyMistake(stage.mistakes, mismatches)?.hint;
  return { ...(note ? { note } : {}), ...(mistake ? { mistake } : {}) };
}
