import { describe, expect, it } from 'vitest';
import { plan, type Selection } from '../../grader/run/core/plan.ts';
import type { Case, Stage } from '../../grader/course/core/types.ts';

const stages: Stage[] = ['echo', 'view', 'create'].map((slug) => ({ slug, title: slug, command: 'dispatch' }));
const cases: Case[] = stages.flatMap((s) => [1, 2, 3].map((n) => ({ name: `${s.slug} case ${n}`, hint: 'h', input: {}, expect: {}, stage: s.slug, file: `cases/${s.slug}/c${n}.json` })));

function planned(selection: Partial<Selection>) {
  const result = plan(stages, cases, { stages: [], all: false, ...selection });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return { mode: result.plan.mode, stages: result.plan.stages.map((p) => `${p.stage.slug}:${p.cases.map((c) => c.name.slice(-1)).join('')}`) };
}

describe('plan', () => {
  it.each<[string, Partial<Selection>, { mode: string; stages: string[] }]>([
    ['the whole course is progressive', {}, { mode: 'progressive', stages: ['echo:123', 'view:123', 'create:123'] }],
    ['--all grades every stage', { all: true }, { mode: 'every', stages: ['echo:123', 'view:123', 'create:123'] }],
    ['--stage picks stages in course order', { stages: ['create', 'echo'] }, { mode: 'every', stages: ['echo:123', 'create:123'] }],
    ['--case filters by name', { casePattern: 'CASE 2' }, { mode: 'progressive', stages: ['echo:2', 'view:2', 'create:2'] }],
    ['--case filters by file', { casePattern: 'view/c3' }, { mode: 'progressive', stages: ['echo:', 'view:3', 'create:'] }],
    ['--shard 1/2 takes every other case', { all: true, shard: { index: 1, count: 2 } }, { mode: 'every', stages: ['echo:13', 'view:2', 'create:13'] }],
    ['--shard 2/2 takes the rest', { all: true, shard: { index: 2, count: 2 } }, { mode: 'every', stages: ['echo:2', 'view:13', 'create:2'] }],
  ])('%s', (_, selection, expected) => {
    expect(planned(selection)).toEqual(expected);
  });

  it('shards cover every case exactly once', () => {
    const names = [1, 2, 3].flatMap((index) => planned({ all: true, shard: { index, count: 3 } }).stages.join(' '));
    expect(names.join(' ').replace(/[^0-9]/g, '').length).toBe(9);
  });

  it('names an unknown stage and suggests the closest', () => {
    expect(plan(stages, cases, { stages: ['veiw', 'zzz'], all: false })).toEqual({
      ok: false,
      problems: ['unknown stage "veiw" (did you mean "view"?); see: npx dispatch-lab stages', 'unknown stage "zzz"; see: npx dispatch-lab stages'],
    });
  });
});
