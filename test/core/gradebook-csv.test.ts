import { describe, expect, it } from 'vitest';
import { gradebookRow, ungradedRow, type Gradebook, type GradebookRow } from '../../grader/gradebook/core/gradebook.ts';
import { failuresCsv, gradebookCsv } from '../../grader/gradebook/core/gradebook-csv.ts';
import type { CaseFailure } from '../../grader/gradebook/core/gradebook-failures.ts';
import { classSummary } from '../../grader/gradebook/core/gradebook-summary.ts';
import type { Case, Report, Stage, Verdict } from '../../grader/course/core/types.ts';
import { openAsSpreadsheet, readCell } from '../spreadsheet-reading.ts';

const stages: Stage[] = [{ slug: 'echo', title: 'Echo', command: 'dispatch' }, { slug: 'view', title: 'View', command: 'dispatch' }];
const aCase = (stage: string, n: number, points?: number): Case => ({ name: `${stage} ${n}`, hint: 'h', input: {}, expect: {}, stage, file: `cases/${stage}/${n}.json`, ...(points === undefined ? {} : { points }) });
const FAILED: Verdict = { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: 1, signal: null }] };

function reportOf(verdicts: Record<string, ('pass' | Verdict)[]>): Report {
  return {
    summary: { passed: 0, failed: 0, skipped: 0, total: 0, durationMs: 1 },
    stages: stages.map((stage) => ({ stage, status: 'fail', cases: (verdicts[stage.slug] ?? []).map((v, i) => ({ case: aCase(stage.slug, i), verdict: v === 'pass' ? { status: 'pass' } : v, durationMs: 1 })) })),
  };
}

function book(rows: GradebookRow[]): Gradebook {
  return { gradedAt: '2026-12-01T21:00:00.000Z', durationMs: 1, stages: stages.map((s) => s.slug), summary: classSummary(rows, ['echo', 'view'], rows.map(() => [])), submissions: rows, complete: true };
}

describe('how the test reads a CSV the way a spreadsheet does (test/spreadsheet-reading.ts)', () => {
  it.each([
    ['3/4', 'date'], ['12/24', 'date'], ['12-24', 'date'], ['2024-01-05', 'date'], ['1.2.2024', 'date'], ['5-Mar', 'date'], ['Mar 5', 'date'],
    ['10:30', 'time'], ['1e5', 'number'], ['007', 'number'], ['1,234', 'number'], ['(5)', 'number'], ['50%', 'number'], ['$5', 'number'], ['TRUE', 'boolean'],
    ['=1+1', 'formula'], ['+A1', 'formula'], ['-2+3', 'formula'], ['@SUM(A1)', 'formula'], ['\t=1', 'formula'],
    ['3', 'number'], ['0.33', 'number'], ['3 of 4', 'text'], ["'3/4", 'text'], ['alice', 'text'], ['view › case 1', 'text'],
  ])('reads %j as %s', (field, as) => expect(readCell(field).as).toBe(as));
});

describe('the gradebook CSV', () => {
  const alice = gradebookRow('/class/submissions/alice', reportOf({ echo: ['pass', FAILED], view: ['pass'] }));

  it('has the folder name first, plain numbers for points (a stage in two columns), the first failing stage', () => {
    const csv = gradebookCsv(book([alice, ungradedRow('d, "e"', 'no program.ts', stages, [aCase('echo', 1)])]));
    expect(csv).toBe([
      'name,submission,score,max_score,passed,total,first_failing_stage,echo points,echo max,view points,view max,problem',
      'alice,/class/submissions/alice,2,3,2,3,echo,1,2,1,1,',
      '"d, ""e""","d, ""e""",0,1,0,1,,0,1,0,0,no program.ts',
      '',
    ].join('\n'));
  });

  it('keeps fractional points to two decimals', () => {
    const thirds = gradebookRow('f', { ...reportOf({}), stages: [{ stage: stages[0] as Stage, status: 'fail', cases: [{ case: aCase('echo', 1, 1 / 3), verdict: { status: 'pass' }, durationMs: 1 }, { case: aCase('echo', 2, 2 / 3), verdict: FAILED, durationMs: 1 }] }] });
    expect(gradebookCsv({ ...book([thirds]), stages: ['echo'] }).split('\n')[1]).toBe('f,f,0.33,1,1,2,echo,0.33,1,');
  });

  // Names and problems a spreadsheet would take for a date, a number or a formula: every one must stay text.
  const hostile = ['3/4', '12-24', '2024-01-05', '1e5', '007', '=1+1', '+1', '-1', '@SUM(A1)', '\tx', '=HYPERLINK("http://x")', 'Mar 5', '10:30', 'TRUE', '(5)', '50%'];
  it.each(hostile)('opens a submission named %j with no cell taken for a date, number or formula', (name) => {
    const rows = [ungradedRow(`/class/${name}`, name, stages, [aCase('echo', 1)]), alice];
    const { cells } = openAsSpreadsheet(gradebookCsv(book(rows)));
    const numeric = new Set(['score', 'max_score', 'passed', 'total', 'echo points', 'echo max', 'view points', 'view max']);
    const wrong = cells.filter((c) => (numeric.has(c.column) ? c.as !== 'number' || c.rule !== undefined : c.as !== 'text' && c.field !== ''));
    expect(wrong).toEqual([]);
    expect(cells.find((c) => c.column === 'submission' && c.row === 1)?.field).toBe(`/class/${name}`);
    expect(cells.find((c) => c.column === 'problem' && c.row === 1)?.field).toBe(`'${name}`);
  });
});

describe('the failures CSV', () => {
  const failure: CaseFailure = { stage: 'view', name: '12/24', file: 'cases/view/x.json', status: 'fail', difference: 'results[0].content: expected "1: A", received "0: A"\n… and 2 more differences', note: 'off by one', mistake: '=cmd', hint: '-h', lost: 0.5, private: true };

  it('has one row per failed case, text kept text and points lost a number', () => {
    const { header, cells } = openAsSpreadsheet(failuresCsv([{ submission: 's/3-4', failures: [failure, { ...failure, name: 'second' }] }]));
    expect(header).toEqual(['name', 'submission', 'stage', 'case', 'status', 'private', 'points_lost', 'first_difference', 'note', 'likely_mistake', 'known_mistake', 'hint', 'file']);
    const byColumn = (row: number) => Object.fromEntries(cells.filter((c) => c.row === row).map((c) => [c.column, c.field]));
    expect(byColumn(1)).toEqual({ name: "'3-4", submission: 's/3-4', stage: 'view', case: "'12/24", status: 'fail', private: 'private', points_lost: '0.5', first_difference: failure.difference, note: 'off by one', likely_mistake: "'=cmd", known_mistake: '', hint: "'-h", file: 'cases/view/x.json' });
    expect(cells.filter((c) => (c.column === 'points_lost' ? c.as !== 'number' : c.as !== 'text' && c.field !== ''))).toEqual([]);
    expect(byColumn(2).case).toBe('second');
  });
});
