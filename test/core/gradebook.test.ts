import { describe, expect, it } from 'vitest';
import { gradebookCsv, gradebookRow, ungradedRow } from '../../grader/core/gradebook.ts';
import type { Case, CaseResult, Report, Stage, StageResult } from '../../grader/core/types.ts';

const stages: Stage[] = [{ slug: 'echo', title: 'Echo', command: 'dispatch' }, { slug: 'view', title: 'View', command: 'dispatch' }];

function aCase(stage: string, n: number, points?: number): Case {
  return { name: `${stage} ${n}`, hint: 'h', input: {}, expect: {}, stage, file: `cases/${stage}/${n}.json`, ...(points === undefined ? {} : { points }) };
}

function stageResult(stage: Stage, verdicts: [Case, 'pass' | 'fail'][], problem?: string): StageResult {
  const cases: CaseResult[] = verdicts.map(([c, v]) => ({ case: c, verdict: v === 'pass' ? { status: 'pass' } : { status: 'fail', failures: [] }, durationMs: 1 }));
  return { stage, status: verdicts.every(([, v]) => v === 'pass') ? 'pass' : 'fail', cases, ...(problem ? { problem } : {}) };
}

describe('gradebook', () => {
  const report: Report = {
    summary: { passed: 2, failed: 1, skipped: 0, total: 3, durationMs: 1 },
    stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1, 2), 'pass'], [aCase('echo', 2), 'fail']]), stageResult(stages[1] as Stage, [[aCase('view', 1), 'pass']])],
  };

  it('scores passed cases by their points', () => {
    expect(gradebookRow('alice', report)).toEqual({ submission: 'alice', score: 3, maxScore: 4, passed: 2, total: 3, stages: { echo: { passed: 1, total: 2 }, view: { passed: 1, total: 1 } } });
  });

  it('names a stage problem (a build error) on the row', () => {
    const broken: Report = { ...report, stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1), 'fail']], 'program.ts:3:1: Expected ";"\n    x')] };
    expect(gradebookRow('bob', broken).problem).toBe('program.ts:3:1: Expected ";"');
  });

  it('gives an ungradable submission zero of everything it would have run', () => {
    const cases = [aCase('echo', 1, 2), aCase('echo', 2), aCase('view', 1)];
    expect(ungradedRow('carol', 'no program.ts in carol', stages, cases)).toEqual({ submission: 'carol', score: 0, maxScore: 4, passed: 0, total: 3, stages: { echo: { passed: 0, total: 2 }, view: { passed: 0, total: 1 } }, problem: 'no program.ts in carol' });
  });

  it('writes CSV with a column per stage and quotes what needs quoting', () => {
    const csv = gradebookCsv({ stages: ['echo', 'view'], complete: true, submissions: [gradebookRow('alice', report), ungradedRow('d, "e"', 'no program.ts', stages, [aCase('echo', 1)])] });
    expect(csv).toBe('submission,score,max_score,passed,total,echo,view,problem\nalice,3,4,2,3,1/2,1/1,\n"d, ""e""",0,1,0,1,0/1,0/0,no program.ts\n');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '=HYPERLINK("http://x")'])('escapes a cell a spreadsheet would run as a formula: %j', (name) => {
    const csv = gradebookCsv({ stages: [], complete: true, submissions: [ungradedRow(name, '=cmd|x', [], [])] });
    const row = csv.split('\n')[1] ?? '';
    expect(row.startsWith(`'${name}`) || row.startsWith(`"'${name.replace(/"/g, '""')}`)).toBe(true);
    expect(row).toMatch(/,'=cmd\|x$/);
  });

  it('shows a stage problem that quotes the program with its control characters escaped', () => {
    const broken: Report = { ...report, stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1), 'fail']], 'crash: \u001b]0;owned\u0007 boom')] };
    expect(gradebookRow('eve', broken).problem).toBe('crash: \\u001b]0;owned\\u0007 boom');
  });
});
