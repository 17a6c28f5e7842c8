import { describe, expect, it } from 'vitest';
import { codeBlock, githubSummary, markdownText } from '../../grader/reporters/github-summary.ts';
import { githubAnnotations, MAX_ERROR_ANNOTATIONS } from '../../grader/reporters/github.ts';
import { withCiReporters } from '../../grader/commands/ci-reporters.ts';
import type { CaseResult, Report } from '../../grader/course/core/types.ts';
import { sampleReport, stage } from './sample-report.ts';

// A report of `n` failing cases whose names and messages carry Markdown and HTML.
function failingReport(n: number): Report {
  const base = sampleReport.stages[0]!.cases[1]!;
  const cases: CaseResult[] = Array.from({ length: n }, (_, i) => ({ ...base, case: { ...base.case, name: `case ${i} | <img src=x onerror=alert(1)> [link](http://x) \`code\``, file: `cases/x/${i}.json` } }));
  return { summary: { passed: 0, failed: n, skipped: 0, total: n, durationMs: 1 }, stages: [{ stage, status: 'fail', cases }] };
}

describe('github job summary', () => {
  it('shows the score, a table per stage and each failure with its first difference and hint', () => {
    const text = githubSummary(sampleReport);
    expect(text.startsWith([
      '### dispatch-lab: 1/5 points',
      '',
      '1 of 5 cases passed, 3 failed, 1 not run.',
      '',
      '| stage | cases passed | points | status |',
      '| --- | ---: | ---: | --- |',
      '| register\\-tools | 1/4 | 1/4 | ❌ fail |',
      '| workspace\\-protocol | 0/1 | 0/1 | ⏭️ not run |',
      '',
      '### Failing',
      '',
      '#### ❌ register\\-tools › Write is routed to create',
      '',
      '```text',
      'results[0].content: ',
    ].join('\n'))).toBe(true);
    expect(text).toContain('… and 1 more difference\n```\n\n**hint:** Check how write is routed to create is routed\\.\n\n#### ❌ register\\-tools › Bash hangs\n\n```text\ntimed out after 10000 ms');
    expect(text.split('\n').filter((l) => l.startsWith('#### ❌'))).toHaveLength(3);
    expect(text).not.toContain('is_error');
  });

  it('escapes student and case text: no raw HTML, links, table cells or code spans get through', () => {
    const text = githubSummary(failingReport(1));
    expect(text).not.toMatch(/<img|\]\(http/);
    expect(text).toContain('case 0 \\| &lt;img src=x onerror=alert\\(1\\)\\> \\[link\\]\\(http://x\\) \\`code\\`');
    expect(markdownText('a|b\nc<d & *e*')).toBe('a\\|b c&lt;d &amp; \\*e\\*');
    expect(codeBlock('x ``` y')).toBe('````text\nx ``` y\n````');
  });

  it('stays under its byte budget and says how many failures it left out', () => {
    const text = githubSummary(failingReport(40), 6_000);
    expect(Buffer.byteLength(text)).toBeLessThan(6_000 + 300);
    const shown = text.split('\n').filter((l) => l.startsWith('#### ❌')).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(40);
    expect(text).toContain(`_… ${40 - shown} more failing cases not shown (the summary keeps ${shown}; GitHub limits a job summary to 1 MiB): see the log._\n`);
  });

  it('details at most 100 failures even under the budget', () => {
    const text = githubSummary(failingReport(130));
    expect(text.split('\n').filter((l) => l.startsWith('#### ❌'))).toHaveLength(100);
    expect(text).toContain('_… 30 more failing cases not shown');
  });
});

describe('github annotations', () => {
  it('annotates at most the ten failures GitHub shows and says how many more there are', () => {
    const lines = githubAnnotations(failingReport(25)).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(MAX_ERROR_ANNOTATIONS);
    expect(lines.at(-1)).toBe('::notice title=dispatch-lab::0/25 points: 0 passed, 25 failed, 0 skipped (25 cases); … 15 more failing cases not shown as annotations (GitHub shows 10 per step): see the log or the job summary');
  });
});

describe('reporters added on GitHub Actions', () => {
  it.each([
    { names: ['pretty'], files: [], env: { GITHUB_ACTIONS: 'true' }, expected: ['pretty', 'github'], appends: [], stderr: [] },
    { names: ['pretty'], files: [], env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '/s' }, expected: ['pretty', 'github', 'github-summary'], appends: [['github-summary', '/s']], stderr: [] },
    { names: ['pretty', 'github'], files: [], env: { GITHUB_ACTIONS: 'true' }, expected: ['pretty', 'github'], appends: [], stderr: [] },
    { names: ['json'], files: [], env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '/s' }, expected: ['json', 'github', 'github-summary'], appends: [['github-summary', '/s']], stderr: ['github'] },
    { names: ['junit'], files: [], env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '/s' }, expected: ['junit', 'github', 'github-summary'], appends: [['github-summary', '/s']], stderr: ['github'] },
    { names: ['gradescope'], files: [], env: { GITHUB_ACTIONS: 'true' }, expected: ['gradescope', 'github'], appends: [], stderr: ['github'] },
    { names: ['pretty'], files: [['pretty', 'log.txt']], env: { GITHUB_ACTIONS: 'true' }, expected: ['pretty'], appends: [], stderr: [] },
    { names: ['json'], files: [['json', 'report-1.json']], env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '/s' }, expected: ['json'], appends: [], stderr: [] },
    { names: ['pretty', 'junit'], files: [['pretty', 'log.txt']], env: { GITHUB_ACTIONS: 'true' }, expected: ['pretty', 'junit', 'github'], appends: [], stderr: ['github'] },
    { names: ['pretty'], files: [], env: {}, expected: ['pretty'], appends: [], stderr: [] },
    { names: [], files: [], env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '/s' }, expected: [], appends: [], stderr: [] },
    { names: ['github', 'github-summary'], files: [], env: { GITHUB_STEP_SUMMARY: '/s' }, expected: ['github', 'github-summary'], appends: [], stderr: [] },
  ])('$names with $env → $expected', ({ names, files, env, expected, appends, stderr }) => {
    const result = withCiReporters(names, new Map(files as [string, string][]), env);
    expect(result.names).toEqual(expected);
    expect([...result.appends]).toEqual(appends);
    expect([...result.toStderr]).toEqual(stderr);
  });
});
