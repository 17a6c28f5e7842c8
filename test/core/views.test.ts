import { describe, expect, it } from 'vitest';
import { stageListing } from '../../grader/core/stage-listing.ts';
import type { Stage } from '../../grader/core/types.ts';

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

  it('says so when every stage passes', () => {
    const all = Object.fromEntries(stages.map((s) => [s.slug, { status: 'pass' as const, passed: 1, total: 1 }]));
    expect(stageListing(stages, new Map(), all, paint).split('\n').at(-1)).toBe('every stage passes.');
  });
});
