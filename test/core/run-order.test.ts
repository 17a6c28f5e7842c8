import { describe, expect, it } from 'vitest';
import { currentStageOf, plan, progressiveBlocker, runOrder, type Plan } from '../../grader/run/core/plan.ts';
import type { Case, Stage } from '../../grader/course/core/types.ts';

const stages: Stage[] = ['echo', 'view', 'create', 'glob'].map((slug) => ({ slug, title: slug, command: 'dispatch' }));
const cases: Case[] = stages.flatMap((s) => [1, 2].map((n) => ({ name: `${s.slug} ${n}`, hint: 'h', input: {}, expect: {}, stage: s.slug, file: `cases/${s.slug}/c${n}.json` })));

function planOf(casePattern?: string): Plan {
  const result = plan(stages, cases, { stages: [], all: false, ...(casePattern ? { casePattern } : {}) });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.plan;
}

describe('the current stage', () => {
  it.each<[string, string[], string | undefined]>([
    ['nothing graded yet: the first stage', [], 'echo'],
    ['the first stage that did not pass', ['echo', 'view'], 'create'],
    ['a later pass does not skip an earlier stage that did not pass', ['echo', 'create'], 'view'],
    ['every stage passed: none', ['echo', 'view', 'create', 'glob'], undefined],
  ])('%s', (_, passed, expected) => {
    expect(currentStageOf(planOf(), new Set(passed))).toBe(expected);
  });

  it('skips stages whose cases the selection filtered out', () => {
    expect(currentStageOf(planOf('create'), new Set(['echo']))).toBe('create');
  });
});

describe('run order', () => {
  it.each<[string, string | undefined, string[]]>([
    ['no current stage: course order', undefined, ['echo', 'view', 'create', 'glob']],
    ['the first stage: course order', 'echo', ['echo', 'view', 'create', 'glob']],
    ['the current stage first, the rest in course order', 'create', ['create', 'echo', 'view', 'glob']],
    ['the last stage first', 'glob', ['glob', 'echo', 'view', 'create']],
    ['an unknown slug changes nothing', 'nope', ['echo', 'view', 'create', 'glob']],
  ])('%s', (_, first, expected) => {
    expect(runOrder(planOf(), first).map((p) => p.stage.slug)).toEqual(expected);
  });
});

describe('progressive skipping, whatever order stages ran in', () => {
  it.each<[string, string, string[], string | undefined]>([
    ['nothing failed', 'glob', [], undefined],
    ['a later stage failing does not skip an earlier one (the regression check)', 'echo', ['create'], undefined],
    ['an earlier failing stage skips a later one', 'glob', ['create'], 'an earlier stage fails: finish create first'],
    ['the first failing stage in course order is named', 'glob', ['create', 'view'], 'an earlier stage fails: finish view first'],
    ['a stage is not skipped for its own failure', 'view', ['view'], undefined],
  ])('%s', (_, stage, failed, expected) => {
    expect(progressiveBlocker(planOf(), stage, new Set(failed))).toBe(expected);
  });
});
