import { describe, expect, it } from 'vitest';
import { gradebookRow, ungradedRow } from '../../grader/gradebook/core/gradebook.ts';
import type { Case, CaseResult, Report, Stage, StageResult, Verdict } from '../../grader/course/core/types.ts';

const stages: Stage[] = [{ slug: 'echo', title: 'Echo', command: 'dispatch' }, { slug: 'view', title: 'View', command: 'dispatch' }];

function aCase(stage: string, n: number, points?: number): Case {
  return { name: `${stage} ${n}`, hint: 'h', input: {}, expect: {}, stage, file: `cases/${stage}/${n}.json`, ...(points === undefined ? {} : { points }) };
}

const FAILED: Verdict = { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: 1, signal: null }] };

function stageResult(stage: Stage, verdicts: [Case, 'pass' | 'fail' | Verdict][], problem?: string): StageResult {
  const verdictOf = (v: 'pass' | 'fail' | Verdict): Verdict => (v === 'pass' ? { status: 'pass' } : v === 'fail' ? FAILED : v);
  const cases: CaseResult[] = verdicts.map(([c, v]) => ({ case: c, verdict: verdictOf(v), durationMs: 1 }));
  return { stage, status: cases.every((c) => c.verdict.status === 'pass') ? 'pass' : 'fail', cases, ...(problem ? { problem } : {}) };
}

const summary = { passed: 0, failed: 0, skipped: 0, total: 0, durationMs: 1 };

describe('gradebook rows', () => {
  const report: Report = {
    summary,
    stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1, 2), 'pass'], [aCase('echo', 2), 'fail']]), stageResult(stages[1] as Stage, [[aCase('view', 1), 'pass']])],
  };

  it('scores passed cases by their points, per stage in points too, with the first failing stage', () => {
    const row = gradebookRow('alice', report);
    expect({ ...row, failures: undefined }).toEqual({
      submission: 'alice', score: 3, maxScore: 4, passed: 2, total: 3, firstFailingStage: 'echo', failures: undefined,
      stages: { echo: { score: 2, maxScore: 3, passed: 1, total: 2, mark: 'some' }, view: { score: 1, maxScore: 1, passed: 1, total: 1, mark: 'all' } },
    });
  });

  it('lists the failed cases with their first difference, hint and the points they cost, not the passed ones', () => {
    expect(gradebookRow('alice', report).failures).toEqual([
      { stage: 'echo', file: 'cases/echo/2.json', status: 'fail', difference: 'exit code: expected 0, received 1', hint: 'h', cases: ['echo 2'], count: 1, lost: 1 },
    ]);
  });

  it.each([
    [[['pass', 'pass']], 'all'],
    [[['pass', 'fail']], 'some'],
    [[['fail', 'fail']], 'none'],
  ] as const)('marks a stage whose cases are %j as %s', ([verdicts], mark) => {
    const row = gradebookRow('x', { summary, stages: [stageResult(stages[0] as Stage, verdicts.map((v, i) => [aCase('echo', i), v]))] });
    expect(row.stages.echo?.mark).toBe(mark);
  });

  it('names a stage problem (a build error) on the row', () => {
    const broken: Report = { ...report, stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1), 'fail']], 'program.ts:3:1: Expected ";"\n    x')] };
    expect(gradebookRow('bob', broken).problem).toBe('program.ts:3:1: Expected ";"');
  });

  it("says why a program crashed at start, once however many stages it blocked, with the crash's detail kept", () => {
    const problem = "program.ts crashes at start, whatever the case: it dies with this error even with no input at all\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'picomatch'\n    at x (src/a.ts:1:1)";
    const crash: Verdict = { status: 'error', message: "program.ts crashes at start: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'picomatch'" };
    const crashed: Report = { summary, stages: stages.map((s) => stageResult(s, [[aCase(s.slug, 1), crash]], problem)) };
    const row = gradebookRow('dan', crashed);
    expect(row.problem).toBe("program.ts crashes at start: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'picomatch'");
    expect(row.problemDetail).toBe(problem);
    expect(row.failures.map((f) => [f.difference, f.count])).toEqual([[crash.message, 1], [crash.message, 1]]);
  });

  it('adds the first build error to a message that names no detail', () => {
    const broken: Report = { summary, stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1), { status: 'error', message: 'program.ts did not build' }]], 'src/a.ts:2:5: ERROR: Expected ";"')] };
    expect(gradebookRow('eve', broken).problem).toBe('program.ts did not build: src/a.ts:2:5: ERROR: Expected ";"');
  });

  it('gives an ungradable submission zero of everything it would have run, every stage not run', () => {
    const cases = [aCase('echo', 1, 2), aCase('echo', 2), aCase('view', 1)];
    const row = ungradedRow('carol', 'no program.ts in carol', stages, cases);
    expect(row).toEqual({
      submission: 'carol', score: 0, maxScore: 4, passed: 0, total: 3, problem: 'no program.ts in carol', failures: [],
      stages: { echo: { score: 0, maxScore: 3, passed: 0, total: 2, mark: 'not-run' }, view: { score: 0, maxScore: 1, passed: 0, total: 1, mark: 'not-run' } },
    });
  });

  it('shows a stage problem that quotes the program with its control characters escaped', () => {
    const broken: Report = { ...report, stages: [stageResult(stages[0] as Stage, [[aCase('echo', 1), 'fail']], 'crash: \u001b]0;owned\u0007 boom')] };
    expect(gradebookRow('eve', broken).problem).toBe('crash: \\u001b]0;owned\\u0007 boom');
  });
});

