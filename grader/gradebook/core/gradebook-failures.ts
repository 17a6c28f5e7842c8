// Why a submission lost points, as the gradebook keeps it: each failed case's first difference — the block a student
// sees in CI (expected and received excerpts), the note and likely mistake that answer it, the case's hint — grouped
// where cases failed the same way (a stub, a hang cut short) and bounded, so a class of starters stays small.
import type { CaseResult, Stage, VerdictStatus } from '../../course/core/types.ts';
import { boundedText, firstDifference } from '../../judge/core/first-difference.ts';
import { failureAnswer } from '../../judge/core/failure-answer.ts';
import { caseScore } from '../../course/core/points.ts';

/** One case that did not pass, with everything the teacher needs to see why. */
export type CaseFailure = {
  stage: string;
  name: string;
  file: string;
  status: VerdictStatus;
  /** The first difference, as the student's CI views show it, bounded. */
  difference: string;
  note?: string;
  mistake?: string;
  /** The known mistakes the submission's output equals, in one line (then `mistake`, the guess, is absent), and their hints. */
  known?: string;
  knownHints?: string[];
  hint: string;
  /** Points the case was worth (and the submission did not get). */
  lost: number;
  /** A --cases case: shown to the teacher, hidden from students. */
  private?: true;
};

/** Cases of one submission and stage that failed the same way; the first one's file and hint stand for them. */
export type GradebookFailure = Omit<CaseFailure, 'name' | 'lost'> & {
  /** The first cases of the group by name (at most MAX_NAMES). */
  cases: string[];
  /** How many cases failed this way, and the points they were worth. */
  count: number;
  lost: number;
};

/** Characters of a first difference kept: the excerpts of both sides fit, a flood does not. */
export const DIFFERENCE_CHARS = 600;
/** Case names listed per group; the count says how many there were. */
const MAX_NAMES = 3;
/** Groups kept per stage of a submission; the rest are counted on the row. */
export const MAX_GROUPS_PER_STAGE = 4;

// The failure of one case that did not pass (undefined for a pass or a case that was not run).
export function caseFailure(result: CaseResult, stage: Stage): CaseFailure | undefined {
  const { verdict } = result;
  if (verdict.status === 'pass' || verdict.status === 'skip') return undefined;
  const c = result.case;
  return {
    stage: stage.slug,
    name: c.name,
    file: c.file,
    status: verdict.status,
    difference: boundedText(firstDifference(verdict), DIFFERENCE_CHARS),
    ...failureAnswer(result, stage),
    hint: c.hint,
    lost: caseScore(result).maxScore,
    ...(c.private ? { private: true as const } : {}),
  };
}

// The difference without its "… and N more" tail, which varies between cases that otherwise failed alike.
export function differenceKey(difference: string): string {
  return difference.replace(/\n… and \d+ more differences?$/, '');
}

// The key under which failures of one stage group: same status, same difference, same answer, same privacy.
function groupKey(f: CaseFailure): string {
  return JSON.stringify([f.stage, f.status, differenceKey(f.difference), f.note ?? '', f.mistake ?? '', f.known ?? '', f.private === true]);
}

// Failures grouped per stage in course order (the biggest group first), at most MAX_GROUPS_PER_STAGE groups per stage;
// `omitted` counts the cases of the groups left out.
export function failureGroups(failures: CaseFailure[]): { groups: GradebookFailure[]; omitted: number } {
  const byKey = new Map<string, GradebookFailure>();
  for (const f of failures) {
    const key = groupKey(f);
    const found = byKey.get(key);
    if (found) {
      found.count++;
      found.lost += f.lost;
      if (found.cases.length < MAX_NAMES) found.cases.push(f.name);
      continue;
    }
    const { name, lost, ...rest } = f;
    byKey.set(key, { ...rest, cases: [name], count: 1, lost });
  }
  const stages = [...new Set(failures.map((f) => f.stage))];
  const groups: GradebookFailure[] = [];
  let omitted = 0;
  for (const stage of stages) {
    const own = [...byKey.values()].filter((g) => g.stage === stage).sort((a, b) => b.count - a.count);
    groups.push(...own.slice(0, MAX_GROUPS_PER_STAGE));
    omitted += own.slice(MAX_GROUPS_PER_STAGE).reduce((sum, g) => sum + g.count, 0);
  }
  for (const g of groups) g.lost = Math.round(g.lost * 100) / 100;
  return { groups, omitted };
}
