// What answers a failed case's difference before its own hint: the shape of the difference ("note: …"), and either the
// known mistakes whose output the received one equals (certain: it is observed) or else the stage's likely mistake (a
// guess from a pattern). The student's failure block and the teacher's gradebook both show these, from this one place.
import type { CaseResult, Failure, Mismatch, Stage, Verdict } from '../../course/core/types.ts';
import { firstShapeNote } from '../../notes/core/difference-shapes.ts';
import { isExitDecided, likelyMistake, mistakeSubjects, type RunFacts } from './mistakes.ts';
import { knownMistakeLine } from '../../known/core/known-mistakes.ts';

/** The note on the difference's shape, the known mistakes the output equals (and their hints), or else the hint of the stage's mistake pattern it matches; each when there is one. */
export type FailureAnswer = { note?: string; mistake?: string; known?: string; knownHints?: string[] };

// The differences of a failed verdict (none for any other).
export function mismatchesOf(verdict: Verdict): Mismatch[] {
  return verdict.status === 'fail' ? verdict.failures.flatMap((f: Failure) => (f.kind === 'mismatch' ? f.mismatches : [])) : [];
}

// What a mistake pattern may read beside the document: the exit code when it differs and was the program's decision
// (not a crash's), and stderr of a case that did not pass.
function runFacts(result: Pick<CaseResult, 'verdict' | 'run'>): RunFacts {
  const v = result.verdict;
  const exit = v.status === 'fail' && isExitDecided(v.failures, result.run?.stderr ?? '') ? v.failures.find((f) => f.kind === 'exit-code') : undefined;
  return {
    ...(exit?.kind === 'exit-code' ? { exitCode: { expected: exit.expected, received: exit.received } } : {}),
    ...(v.status !== 'pass' && result.run?.stderr ? { stderr: result.run.stderr } : {}),
  };
}

// The note (without its "note: " prefix) and the likely mistake that answer a case result of `stage`.
export function failureAnswer(result: Pick<CaseResult, 'verdict' | 'run' | 'known'> & { case?: Pick<CaseResult['case'], 'input'> }, stage: Pick<Stage, 'mistakes'>): FailureAnswer {
  const mismatches = mismatchesOf(result.verdict);
  const note = firstShapeNote(mismatches, result.case?.input)?.replace(/^note: /, '');
  // The certain answer replaces the guess.
  const known = knownMistakeLine(result.known ?? []);
  if (known) {
    const knownHints = (result.known ?? []).flatMap((k) => (k.hint ? [k.hint] : []));
    return { ...(note ? { note } : {}), known, ...(knownHints.length > 0 ? { knownHints } : {}) };
  }
  const mistake = likelyMistake(stage.mistakes, mistakeSubjects(mismatches, runFacts(result)))?.hint;
  return { ...(note ? { note } : {}), ...(mistake ? { mistake } : {}) };
}
