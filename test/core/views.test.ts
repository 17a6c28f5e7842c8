import { describe, expect, it } from 'vitest';
import { stageListing } from '../../grader/course/core/stage-listing.ts';
import type { Stage } from '../../grader/course/core/types.ts';

const stages: Stage[] = ['echo', 'view', 'register-tools'].map((slug) => ({ slug, title: `${slug} title`, command: 'dispatch' }));
const paint = { pass: (s: string) => s, fail: (s: string) => s, todo: (s: string) => s, bold: (s: string) => s, ok: (s: string) => s, bad: (s: string) => s };

describe('stageListing', () => {
  it('shows each stage with its last status and what is next', () => {
    const counts = new Map([['echo', 12], ['view', 20], ['register-tools', 31]]);
    expect(stageListing(stages, counts, { echo: { status: 'pass', passed: 12, total: 12 }, view: { status: 'fail', passed: 3, total: 20 } }, paint).split('\n')).toEqual([
      ' 1  ✓  echo            echo title  (12/12)',
      ' 2  ✗  view            view title  (3/20)',
      ' 3  ·  register-tools  register-tools title  (not yet, 31 cases)',
      '',
      'next: view — npx dispatch-lab show view',
    ]);
  });

  it('puts the note of a stage that fails only on new cases under its line', () => {
    const notes = new Map([['view', '2 cases are new since you passed this stage: A, B']]);
    expect(stageListing(stages, new Map(), { echo: { status: 'pass', passed: 12, total: 12 }, view: { status: 'fail', passed: 18, total: 20 } }, paint, notes).split('\n').slice(1, 3)).toEqual([
      ' 2  ✗  view            view title  (18/20)',
      '       2 cases are new since you passed this stage: A, B',
    ]);
  });

  it('says so when every stage passes', () => {
    const all = Object.fromEntries(stages.map((s) => [s.slug, { status: 'pass' as const, passed: 1, total: 1 }]));
    expect(stageListing(stages, new Map(), all, paint).split('\n').at(-1)).toBe('every stage passes.');
  });
});
