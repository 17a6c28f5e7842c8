import { describe, expect, it } from 'vitest';
import { keysOf } from '../../grader/watch/core/watch-keys.ts';
import { isIgnoredPath, isSourcePath } from '../../grader/watch/core/watch-paths.ts';
import { outcomeOf } from '../../grader/watch/core/watch-outcome.ts';
import { scopedRun } from '../../grader/watch/core/watch-scope.ts';
import type { Case, Report, Stage, StageResult, Verdict } from '../../grader/course/core/types.ts';

describe('keysOf', () => {
  it.each<[string, string[]]>([
    ['\r', ['rerun']],
    ['\r\n', ['rerun']],
    ['\n', ['rerun']],
    ['r', ['rerun']],
    ['a', ['all']],
    ['F', ['failed']],
    ['n', ['next']],
    ['h', ['hint']],
    ['q', ['quit']],
    ['\u0003', ['quit']],
    ['\u0004', ['quit']],
    ['x', []],
    ['\u001b[A', []],
    ['nq', ['next', 'quit']],
  ])('%j', (data, keys) => {
    expect(keysOf(data)).toEqual(keys);
  });
});

describe('watch paths', () => {
  it.each<[string, boolean, boolean]>([
    ['program.ts', false, true],
    ['src/execute.ts', false, true],
    ['package.json', false, true],
    ['cases/echo/a.json', false, true],
    ['node_modules', true, false],
    ['node_modules/picomatch/index.js', true, false],
    ['.git/index', true, false],
    ['.dispatch-lab/build/x/program.mjs', true, false],
    ['.dispatch-lab', true, false],
    ['.vscode/settings.json', true, false],
    ['dist/cli.js', true, false],
    ['src/.execute.ts.swp', true, false],
    ['src/execute.ts~', true, false],
    ['src/4913', true, false],
    ['src/execute.ts___jb_tmp___', true, false],
    ['src/#execute.ts#', true, false],
    ['notes.md', false, false],
    ['debug.log', false, false],
    ['src', false, false],
    ['', false, false],
  ])('%j: ignored %s, source %s', (path, ignored, source) => {
    expect([isIgnoredPath(path), isSourcePath(path)]).toEqual([ignored, source]);
  });
});

const stage = (slug: string): Stage => ({ slug, title: slug, command: 'dispatch' });
const aCase = (slug: string, name: string): Case => ({ name, hint: 'h', input: {}, expect: {}, stage: slug, file: `cases/${slug}/${name}.json` });
const result = (slug: string, status: StageResult['status'], verdicts: Verdict[]): StageResult => ({
  stage: stage(slug),
  status,
  cases: verdicts.map((verdict, i) => ({ case: aCase(slug, `c${i}`), verdict, durationMs: 1 })),
});
function report(stages: StageResult[]): Report {
  const cases = stages.flatMap((s) => s.cases);
  const passed = cases.filter((c) => c.verdict.status === 'pass').length;
  const skipped = cases.filter((c) => c.verdict.status === 'skip').length;
  return { summary: { passed, skipped, failed: cases.length - passed - skipped, total: cases.length, durationMs: 1 }, stages };
}
const pass: Verdict = { status: 'pass' };
const fail: Verdict = { status: 'fail', failures: [] };
const skip: Verdict = { status: 'skip', reason: 'r' };

describe('outcomeOf', () => {
  it.each<[string, Report, unknown]>([
    ['a passing stage', report([result('echo', 'pass', [pass, pass])]), { type: 'graded', stage: 'echo', passed: true, failedCases: [] }],
    ['the first failing stage is the one to work on', report([result('echo', 'pass', [pass]), result('view', 'fail', [pass, fail, { status: 'timeout', timeoutMs: 1 }]), result('glob', 'skip', [skip])]), { type: 'graded', stage: 'view', passed: false, failedCases: ['cases/view/c1.json', 'cases/view/c2.json'] }],
    ['every stage passes: the last graded one', report([result('echo', 'pass', [pass]), result('view', 'pass', [pass])]), { type: 'graded', stage: 'view', passed: true, failedCases: [] }],
    ['nothing graded is not a pass', report([result('echo', 'pass', [])]), { type: 'graded', stage: 'echo', passed: false, failedCases: [] }],
  ])('%s', (_, r, outcome) => {
    expect(outcomeOf(r)).toEqual(outcome);
  });
});

describe('scopedRun', () => {
  const course = { stages: [stage('echo'), stage('view')], cases: [aCase('echo', 'a'), aCase('view', 'b'), aCase('view', 'c')] };
  const base = { stages: ['view'], all: false, casePattern: 'x' };

  it('grades the scope stages with the flags kept', () => {
    expect(scopedRun(course, base, { stages: [], reloadCourse: false })).toEqual({ course, selection: { stages: [], all: false, casePattern: 'x' } });
  });

  it('narrows the course to the failed cases', () => {
    const { course: narrowed, selection } = scopedRun(course, base, { stages: ['view'], caseFiles: ['cases/view/c.json'], reloadCourse: false });
    expect(narrowed.stages.map((s) => s.slug)).toEqual(['view']);
    expect(narrowed.cases.map((c) => c.name)).toEqual(['c']);
    expect(selection).toEqual({ stages: [], all: true, casePattern: 'x' });
  });

  it('falls back to the whole scope when the failed cases are gone', () => {
    expect(scopedRun(course, base, { stages: ['view'], caseFiles: ['cases/view/gone.json'], reloadCourse: false }).course).toBe(course);
  });
});
