import { describe, expect, it } from 'vitest';
import { gradebookRow, reportFailures } from '../../grader/gradebook/core/gradebook.ts';
import { failureGroups, MAX_GROUPS_PER_STAGE, type CaseFailure } from '../../grader/gradebook/core/gradebook-failures.ts';
import { runProblem } from '../../grader/gradebook/core/gradebook-problem.ts';
import { classSummary, histogramOf, medianOf } from '../../grader/gradebook/core/gradebook-summary.ts';
import type { Case, CaseResult, Report, Stage, Verdict } from '../../grader/course/core/types.ts';

const view: Stage = { slug: 'view', title: 'View', command: 'dispatch', mistakes: [{ path: 'results[*].content', matches: '^0: ', hint: 'Line numbers start at 1.' }] };

function aCase(n: number, extra: Partial<Case> = {}): Case {
  return { name: `case ${n}`, hint: `hint ${n}`, input: {}, expect: {}, stage: 'view', file: `cases/view/${n}.json`, ...extra };
}

const offByOne: Verdict = { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'results[0].content', expected: '1: A', received: '0: A' }] }] };
const stub: Verdict = { status: 'fail', failures: [{ kind: 'not-implemented', what: 'makeExecute in src/execute.ts' }] };
const hang: Verdict = { status: 'timeout', timeoutMs: 2000 };

function report(verdicts: [Case, Verdict][]): Report {
  const cases: CaseResult[] = verdicts.map(([c, verdict]) => ({ case: c, verdict, durationMs: 1 }));
  return { summary: { passed: 0, failed: 0, skipped: 0, total: cases.length, durationMs: 1 }, stages: [{ stage: view, status: 'fail', cases }] };
}

describe('why a submission lost points', () => {
  it("keeps the student's first difference, the note on its shape, the stage's likely mistake and the case's hint", () => {
    const [failure] = reportFailures(report([[aCase(1), offByOne], [aCase(2), { status: 'pass' }]]));
    expect(failure).toEqual({
      stage: 'view', name: 'case 1', file: 'cases/view/1.json', status: 'fail',
      difference: 'results[0].content: expected "1: A", received "0: A"',
      note: expect.stringContaining('off by one'),
      mistake: 'Line numbers start at 1.', hint: 'hint 1', lost: 1,
    });
  });

  it('marks a private case', () => {
    expect(reportFailures(report([[aCase(1, { private: true }), offByOne]]))[0]?.private).toBe(true);
  });

  it('groups cases that failed the same way, the biggest group first, naming its first cases and counting all', () => {
    const verdicts: [Case, Verdict][] = [[aCase(0), offByOne], ...Array.from({ length: 9 }, (_, i): [Case, Verdict] => [aCase(i + 1), stub])];
    const { groups, omitted } = failureGroups(reportFailures(report(verdicts)));
    expect(groups.map((g) => [g.difference, g.count, g.cases.length, g.lost])).toEqual([
      ['not implemented yet: makeExecute in src/execute.ts (this case needs it)', 9, 3, 9],
      ['results[0].content: expected "1: A", received "0: A"', 1, 1, 1],
    ]);
    expect(groups[0]?.cases).toEqual(['case 1', 'case 2', 'case 3']);
    expect(omitted).toBe(0);
  });

  it('keeps at most a bounded number of groups per stage and counts the cases left out', () => {
    const distinct = (n: number): Verdict => ({ status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: n, signal: null }] });
    const failures: CaseFailure[] = reportFailures(report(Array.from({ length: MAX_GROUPS_PER_STAGE + 3 }, (_, i) => [aCase(i), distinct(i + 1)])));
    const { groups, omitted } = failureGroups(failures);
    expect([groups.length, omitted]).toEqual([MAX_GROUPS_PER_STAGE, 3]);
  });

  it('bounds a flood of a difference', () => {
    const flood: Verdict = { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'results[0].content', expected: 'x', received: 'y'.repeat(50_000) }] }] };
    expect(reportFailures(report([[aCase(1), flood]]))[0]?.difference.length).toBeLessThan(800);
  });
});

describe('the problem of a run that hung or crashed', () => {
  const crash: Verdict = { status: 'fail', failures: [{ kind: 'crash', during: 'calls[0] view' }] };
  const killed: Verdict = { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: null, signal: 'SIGSEGV' }] };
  const cut: Verdict = { status: 'timeout', timeoutMs: 2000, cutShort: { call: 'calls[0] view', cases: 3 } };
  it.each([
    [[offByOne, stub], undefined],
    [[hang, hang, cut], 'timed out in 2 cases (1 more cut short after them)'],
    [[crash, killed, offByOne], 'crashed in 2 cases'],
    [[hang, crash], 'timed out in 1 case; crashed in 1 case'],
  ] as [Verdict[], string | undefined][])('%j → %s', (verdicts, problem) => expect(runProblem(verdicts)).toBe(problem));

  it('is the row problem when no stage failed to run', () => {
    expect(gradebookRow('dave', report([[aCase(1), hang], [aCase(2), hang]])).problem).toBe('timed out in 2 cases');
  });
});

describe('the class at a glance', () => {
  it.each([
    [[], 0], [[3], 3], [[1, 3], 2], [[5, 1, 3], 3], [[4, 1, 3, 2], 2.5],
  ])('the median of %j is %d', (values, median) => expect(medianOf(values)).toBe(median));

  it('puts scores in tenths of the maximum, 100 % in the last', () => {
    expect(histogramOf([0, 9.9, 10, 55, 100, 100]).map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
  });

  it('counts, averages, rates each stage and lists the cases failed most with their common first differences', () => {
    const reports = [
      report([[aCase(1), { status: 'pass' }], [aCase(2), { status: 'pass' }]]),
      report([[aCase(1), offByOne], [aCase(2), { status: 'pass' }]]),
      report([[aCase(1), offByOne], [aCase(2), stub]]),
      report([[aCase(1), stub], [aCase(2), { status: 'pass' }]]),
    ];
    const rows = reports.map((r, i) => gradebookRow(`s${i}`, r));
    const summary = classSummary(rows, ['view'], reports.map(reportFailures));
    expect({ ...summary, histogram: undefined, mostFailed: undefined }).toEqual({
      submissions: 4, graded: 4, maxScore: 2, mean: 1, median: 1, histogram: undefined, mostFailed: undefined,
      stages: [{ stage: 'view', passed: 1, graded: 4, rate: 0.25 }],
    });
    expect(summary.mostFailed.map((c) => [c.name, c.failed, c.differences.map((d) => [d.count, d.submissions])])).toEqual([
      ['case 1', 3, [[2, [1, 2]], [1, [3]]]],
      ['case 2', 1, [[1, [2]]]],
    ]);
    expect(summary.mostFailed[0]?.differences[0]).toMatchObject({ difference: 'results[0].content: expected "1: A", received "0: A"', mistake: 'Line numbers start at 1.' });
  });
});
