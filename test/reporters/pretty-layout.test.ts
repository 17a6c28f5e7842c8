import { describe, expect, it } from 'vitest';
import type { CaseResult, Report, Stage, StageResult } from '../../grader/course/core/types.ts';
import { prettyReporter } from '../../grader/reporters/pretty.ts';
import { layoutProblems } from '../broken-words.ts';
import { sampleReport, stage } from './sample-report.ts';

// Drive the pretty reporter through a whole run of `report` and return what it wrote.
function render(report: Report, options: { width?: number; isTerminal?: boolean } = {}): string {
  let out = '';
  const reporter = prettyReporter({ write: (t) => void (out += t), color: false, ...options });
  for (const s of report.stages) {
    if (s.status !== 'skip') {
      reporter.onStageStart?.({ stage: s.stage, cases: s.cases.map((c) => c.case) });
      for (const c of s.cases) reporter.onCaseEnd?.(c, s.stage);
    }
    reporter.onStageEnd?.(s);
  }
  reporter.onRunEnd?.(report);
  return out;
}

const echo: Stage = { slug: 'echo', title: 'The first roundtrip: echo and unknown tools', command: 'dispatch' };
const failing = sampleReport.stages[0] as StageResult;
const passCase = failing.cases[0] as CaseResult;
const failCase = failing.cases[1] as CaseResult;
const skippedStage = (slug: string): StageResult => ({
  stage: { slug, title: slug, command: 'dispatch' },
  status: 'skip',
  cases: [{ case: { ...passCase.case, stage: slug }, verdict: { status: 'skip', reason: 'an earlier stage fails: finish register-tools first' }, durationMs: 0 }],
});

// A whole-course run: one stage passes, the second fails with many cases alike and some others, eight are skipped.
const courseRun: Report = {
  summary: { passed: 21, failed: 26, skipped: 8, total: 55, durationMs: 4200 },
  stages: [
    { stage: echo, status: 'pass', cases: Array.from({ length: 20 }, (_, i) => ({ ...passCase, case: { ...passCase.case, stage: 'echo', name: `echo case ${i}` } })) },
    {
      stage,
      status: 'fail',
      cases: [
        passCase,
        ...Array.from({ length: 18 }, (_, i) => ({ ...failCase, case: { ...failCase.case, name: `Write is routed to create in the situation numbered ${i}`, file: `cases/register-tools/a-write-${i}.json` } })),
        ...(failing.cases.slice(2) as CaseResult[]),
        ...Array.from({ length: 6 }, (_, i) => ({ ...failCase, verdict: { status: 'error' as const, message: `the grader could not run it ${i}` }, case: { ...failCase.case, name: `Odd case ${i}` } })),
      ],
    },
    ...['create', 'view', 'insert', 'glob', 'grep', 'bash', 'permissions', 'tool-loop'].map(skippedStage),
  ],
  next: stage,
};

describe('the pretty reporter lays its text out to the width', () => {
  it.each([
    ['a pipe', false, 80],
    ['a pipe', false, 60],
    ['a terminal', true, 80],
    ['a terminal', true, 60],
  ] as const)('on %s at %i columns no word is broken across lines', (_, isTerminal, width) => {
    for (const report of [sampleReport, courseRun]) {
      const output = render(report, { width, isTerminal });
      expect(layoutProblems(output, render(report, { width: 100_000, isTerminal }), width)).toEqual([]);
    }
  });

  it('keeps a case\'s time whole where its line wraps: "58 ms" never breaks between the number and the unit', () => {
    // A case line that is one column too wide for 60 with its time (the one npm test once saw break as "58" / "ms").
    const name = 'Non-ASCII text is read as UTF-8 and shown unchanged';
    const run: Report = { summary: { passed: 1, failed: 0, skipped: 0, total: 1, durationMs: 58 }, stages: [{ stage: echo, status: 'pass', cases: [{ ...passCase, case: { ...passCase.case, stage: 'echo', name }, durationMs: 58 }] }] };
    const lines = render(run, { width: 60 }).split('\n');
    expect(lines).toContain(`  ✓ ${name}`);
    expect(lines).toContain('    58 ms');
    expect(lines.every((l) => !l.includes('\uE000'))).toBe(true);
    expect(render(run, { width: 80 }).split('\n')).toContain(`  ✓ ${name} 58 ms`);
  });

  it('cuts the names of failures alike to three lines ending "… N more"', () => {
    const lines = render(courseRun, { width: 80 }).split('\n');
    const at = lines.findIndex((l) => l.startsWith('  … and 17 more cases failed the same way:'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toMatch(/· … \d+ more$/);
    expect(lines[at + 3]).not.toMatch(/^ {4}\S/);
  });
});

describe('the pretty reporter in a terminal, run once', () => {
  const output = render(courseRun, { width: 80, isTerminal: true });
  const lines = output.trimEnd().split('\n');

  it('shows a passing stage in one line with its count and no case lines', () => {
    expect(lines[0]).toBe('✓ echo · The first roundtrip: echo and unknown tools · 20 cases pass');
    expect(output).not.toMatch(/^ {2}✓ /m);
  });

  it('shows a failing stage in one line with its count', () => {
    expect(lines[1]).toBe('✗ register-tools · Register the toolset · 26 of 27 cases fail');
  });

  it('shows every skipped stage in one line', () => {
    const skipped = lines.filter((l) => l.startsWith('- '));
    expect(skipped).toEqual(['- 8 stages skipped (8 cases): an earlier stage fails: finish register-tools']);
    expect(lines[lines.indexOf(skipped[0] as string) + 1]).toBe('  first');
    expect(output).not.toMatch(/^(create|view|insert) · skipped/m);
  });

  it('ends with the first failure in full and the summary', () => {
    const block = lines.findIndex((l) => l.startsWith('✗ register-tools › '));
    const summary = lines.findIndex((l) => l.startsWith(' Stages '));
    expect(lines.filter((l) => l.startsWith('✗ register-tools › '))).toHaveLength(1);
    expect(block).toBeGreaterThan(lines.findIndex((l) => l.includes('more failing cases')));
    expect(lines.slice(block, summary).join('\n')).toMatch(/what differs:[\s\S]*hint:[\s\S]*reproduce:[\s\S]*rerun:/);
    expect(lines.slice(summary)).toHaveLength(5);
    expect(lines.length - block).toBeLessThan(40);
  });

  it('lists the other failures one line each, a few of them', () => {
    const at = lines.findIndex((l) => l.includes('more failing cases'));
    expect(lines[at]).toBe('  8 more failing cases (rerun one with --case to see it in full):');
    expect(lines.slice(at + 1, at + 8).filter((l) => l.startsWith('    ✗ '))).toHaveLength(6);
    expect(lines.slice(at + 1).find((l) => l.startsWith('    … '))).toBe('    … 2 more');
  });

  it('says once, at the end, why program.ts could not be run', () => {
    const broken: Report = { ...courseRun, stages: [courseRun.stages[0] as StageResult, { ...failing, problem: 'program.ts:1:1: Unexpected "("' }, ...courseRun.stages.slice(2)] };
    const out = render(broken, { width: 80, isTerminal: true }).trimEnd().split('\n');
    expect(out[1]).toBe('✗ register-tools · program.ts could not be run');
    expect(out.slice(out.indexOf('✗ register-tools: program.ts could not be run'))).toEqual(expect.arrayContaining(['program.ts:1:1: Unexpected "("', '(4 cases not graded)']));
    expect(out.some((l) => l.startsWith('✗ register-tools › '))).toBe(false);
  });

  it('ends a run where everything passes with the stage lines and the summary', () => {
    const passing: Report = { summary: { passed: 20, failed: 0, skipped: 0, total: 20, durationMs: 900 }, stages: [courseRun.stages[0] as StageResult] };
    expect(render(passing, { width: 80, isTerminal: true }).trimEnd().split('\n')).toEqual([
      '✓ echo · The first roundtrip: echo and unknown tools · 20 cases pass',
      '',
      ' Stages  1 passed (1)',
      ' Cases   20 passed (20)',
      ' Score   20/20 points',
      ' Time    900 ms',
      'every graded stage passes.',
    ]);
  });
});

