import { describe, expect, it } from 'vitest';
import { prettyReporter } from '../../grader/reporters/pretty.ts';
import { jsonReporter } from '../../grader/reporters/json.ts';
import type { ReporterFactory } from '../../grader/reporters/reporter.ts';
import { sampleReport } from './sample-report.ts';

// Drive a reporter through a whole run of the sample report and return what it wrote.
function render(factory: ReporterFactory, color = false): string {
  let out = '';
  const reporter = factory({ write: (t) => void (out += t), color });
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
    expect(doc.summary).toEqual(sampleReport.summary);
    expect(doc.stages.map((s) => [s.slug, s.status, s.cases.length])).toEqual([['register-tools', 'fail', 4], ['workspace-protocol', 'skip', 1]]);
    expect(doc).toMatchSnapshot();
  });
});
