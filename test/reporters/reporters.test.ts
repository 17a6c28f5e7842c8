import { describe, expect, it } from 'vitest';
import { prettyReporter } from '../../grader/reporters/pretty.ts';
import { jsonReporter } from '../../grader/reporters/json.ts';
import { junitReporter } from '../../grader/reporters/junit.ts';
import { githubReporter } from '../../grader/reporters/github.ts';
import type { ReporterFactory } from '../../grader/reporters/reporter.ts';
import type { SourceFiles } from '../../grader/report/core/annotation-file.ts';
import { sampleReport } from './sample-report.ts';

// Drive a reporter through a whole run of the sample report and return what it wrote.
function render(factory: ReporterFactory, color = false, source?: SourceFiles): string {
  let out = '';
  const reporter = factory({ write: (t) => void (out += t), color, ...(source ? { source } : {}) });
  for (const s of sampleReport.stages) {
    if (s.status !== 'skip') {
      reporter.onStageStart?.({ stage: s.stage, cases: s.cases.map((c) => c.case) });
      for (const c of s.cases) reporter.onCaseEnd?.(c, s.stage);
    }
    reporter.onStageEnd?.(s);
  }
  reporter.onRunEnd?.(sampleReport);
  return out;
}

describe('pretty reporter', () => {
  it('renders cases, failures and the summary', () => {
    expect(render(prettyReporter)).toMatchSnapshot();
  });

  it('writes no escape codes when colours are off', () => {
    expect(render(prettyReporter)).not.toMatch(/\u001b\[/);
  });

  it('colours marks when colours are on', () => {
    expect(render(prettyReporter, true)).toMatch(/\u001b\[32m✓/);
  });
});

describe('json reporter', () => {
  it('prints the documented report shape', () => {
    const doc = JSON.parse(render(jsonReporter)) as { summary: object; stages: { slug: string; status: string; cases: object[] }[] };
    expect(doc.summary).toEqual({ ...sampleReport.summary, score: 1, maxScore: 5 });
    expect(doc.stages.map((s) => [s.slug, s.status, s.cases.length])).toEqual([['register-tools', 'fail', 4], ['workspace-protocol', 'skip', 1]]);
    expect(doc).toMatchSnapshot();
  });
});

describe('junit reporter', () => {
  it('writes one testsuite per stage, a timeout counted as an error', () => {
    const xml = render(junitReporter);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="dispatch-lab" tests="5" failures="2" errors="1" time=/);
    expect(xml).toMatch(/<testsuite name="register-tools" tests="4" failures="2" errors="1" skipped="0"/);
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
    expect(xml).toMatchSnapshot();
  });
});

describe('github reporter', () => {
  it('annotates each failing case on the student file its failure names, else program.ts, and closes with a notice', () => {
    const source: SourceFiles = { courseDir: '/repo/course', repoPrefix: 'course', exists: (p) => p === 'program.ts' || p === 'src/execute.ts' };
    const text = render(githubReporter, false, source);
    const errors = text.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors.map((l) => /^::error (file=[^,]*(?:,line=\d+,col=\d+)?),title=([^:]*)::/.exec(l)?.slice(1))).toEqual([
      ['file=course/program.ts', 'register-tools › Write is routed to create'],
      ['file=course/program.ts', 'register-tools › Bash hangs'],
      ['file=course/src/execute.ts,line=4,col=11', 'register-tools › Debug output'],
    ]);
    expect(text).not.toContain('cases/');
    expect(text).toMatch(/::notice title=dispatch-lab::1\/5 points: 1 passed, 3 failed, 1 skipped \(5 cases\)\n$/);
    expect(text).toMatchSnapshot();
  });
});
