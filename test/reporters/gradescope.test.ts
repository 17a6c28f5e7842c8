import { describe, expect, it } from 'vitest';
import { gradescopeFault, gradescopeResults } from '../../grader/reporters/gradescope.ts';
import { REPORTERS } from '../../grader/reporters/index.ts';
import type { Report } from '../../grader/course/core/types.ts';
import { sampleReport, stage } from './sample-report.ts';

const TEST_KEYS = ['max_score', 'name', 'number', 'output', 'output_format', 'score', 'status', 'visibility'];

describe('gradescope reporter', () => {
  it('writes the documented results.json fields for a failing submission', () => {
    const results = gradescopeResults(sampleReport);
    expect(Object.keys(results).sort()).toEqual(['execution_time', 'max_score', 'output', 'output_format', 'score', 'tests']);
    expect([results.score, results.max_score, results.execution_time, results.output_format]).toEqual([1, 5, 10, 'text']);
    expect(results.tests.map((t) => [t.name, t.number, t.score, t.max_score, t.status, t.visibility])).toEqual([
      ['register-tools › Read is routed to view', '1.1', 1, 1, 'passed', 'visible'],
      ['register-tools › Write is routed to create', '1.2', 0, 1, 'failed', 'visible'],
      ['register-tools › Bash hangs', '1.3', 0, 1, 'failed', 'visible'],
      ['register-tools › Debug output', '1.4', 0, 1, 'failed', 'visible'],
      ['workspace-protocol › Protocol read', '2.1', 0, 1, 'failed', 'visible'],
    ]);
    for (const t of results.tests) expect(Object.keys(t).sort()).toEqual(TEST_KEYS);
    expect(results.tests[0]?.output).toBe('');
    // The first difference and the hint; the second difference is counted, not shown.
    expect(results.tests[1]?.output).toMatch(/^results\[0\]\.content: .*\n[\s\S]*… and 1 more difference\nhint: Check how write is routed to create is routed\.$/);
    expect(results.tests[1]?.output).not.toContain('is_error');
    expect(results.output).toBe('dispatch-lab: 1/5 points · 1 of 5 cases passed\n\nregister-tools: 1/4 cases, 1/4 points\nworkspace-protocol: 0/1 cases, 0/1 points (not run)');
  });

  it('scores a passing submission in full, with stage points spread over the cases', () => {
    const cases = sampleReport.stages[0]!.cases.map((c) => ({ ...c, case: { ...c.case, maxScore: 2.5 }, verdict: { status: 'pass' as const } }));
    const passing: Report = { summary: { passed: 4, failed: 0, skipped: 0, total: 4, durationMs: 2400 }, stages: [{ stage: { ...stage, points: 10 }, status: 'pass', cases }] };
    const results = gradescopeResults(passing);
    expect([results.score, results.max_score, results.execution_time]).toEqual([10, 10, 2]);
    expect(results.tests.every((t) => t.status === 'passed' && t.score === 2.5 && t.max_score === 2.5)).toBe(true);
  });

  it('scores a submission whose program cannot run 0, with the reason in output', () => {
    const broken: Report = {
      summary: { passed: 0, failed: 1, skipped: 0, total: 1, durationMs: 5 },
      stages: [{ stage, status: 'fail', problem: 'program.ts:3:1: ERROR: Expected ";"\n\u001b[31mx', cases: [{ case: sampleReport.stages[0]!.cases[0]!.case, verdict: { status: 'error', message: 'program.ts did not build' }, durationMs: 0 }] }],
    };
    const results = gradescopeResults(broken);
    expect([results.score, results.max_score, results.tests[0]?.status]).toEqual([0, 1, 'failed']);
    expect(results.output).toContain('register-tools: program.ts could not be run:\nprogram.ts:3:1: ERROR: Expected ";"\n\\u001b[31mx');
    expect(gradescopeFault(['no program.ts in /autograder/submission'])).toEqual({
      score: 0,
      output: 'dispatch-lab could not grade this submission:\n  no program.ts in /autograder/submission',
      output_format: 'text',
      tests: [],
    });
  });

  it('bounds a long test output and says it was cut', () => {
    const long = { ...sampleReport.stages[0]!.cases[1]!, case: { ...sampleReport.stages[0]!.cases[1]!.case, hint: 'h'.repeat(10_000) } };
    const report: Report = { ...sampleReport, stages: [{ stage, status: 'fail', cases: [long] }] };
    const output = gradescopeResults(report).tests[0]?.output ?? '';
    expect(output.length).toBeLessThan(4_200);
    expect(output).toMatch(/… \(cut: \d+ more characters; run the case locally to see all of it\)$/);
  });

  it('is registered as a student-facing reporter', () => {
    let text = '';
    REPORTERS.gradescope!({ write: (t) => void (text += t), color: false }).onRunEnd?.(sampleReport);
    expect(JSON.parse(text)).toEqual(gradescopeResults(sampleReport));
  });
});
