import { describe, expect, it } from 'vitest';
import { stageListing } from '../../grader/core/stage-listing.ts';
import { verifyLines } from '../../grader/core/verify-lines.ts';
import type { CaseResult, Stage, StageResult } from '../../grader/core/types.ts';

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

describe('verifyLines', () => {
  const result = (status: 'pass' | 'fail', verdicts: ('pass' | 'fail')[]): StageResult => ({
    stage: stages[0] as Stage,
    status,
    cases: verdicts.map((v, i) => ({ case: { name: `case ${i}`, file: `cases/echo/${i}.json`, hint: 'h', input: {}, expect: {}, stage: 'echo' }, verdict: v === 'pass' ? { status: 'pass' } : { status: 'fail', failures: [] }, durationMs: 0 }) as CaseResult),
  });

  it('is quiet when the reference passes everything and the starter fails everything', () => {
    expect(verifyLines([{ reference: result('pass', ['pass', 'pass']), starter: result('fail', ['fail', 'fail']) }], paint)).toEqual({
      lines: ['✓ echo  reference passes 2/2 · starter fails 2/2', '', 'verified 1 stages'],
      surprises: 0,
    });
  });

  it('names a case the reference fails and one the starter passes', () => {
    const { lines, surprises } = verifyLines([{ reference: result('fail', ['pass', 'fail']), starter: result('fail', ['pass', 'fail']) }], paint);
    expect(surprises).toBe(1);
    expect(lines).toEqual([
      '✗ echo  reference passes 1/2 · starter fails 1/2\n    reference fails: case 1 (cases/echo/1.json)\n    starter passes: case 0 (cases/echo/0.json)',
      '',
      '1 of 1 stages are not as expected',
    ]);
  });
});
