import type { CaseResult, Report } from '../core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { describeVerdict } from '../core/describe.ts';
import { safeText } from '../core/safe-text.ts';
import { caseScore, stageScore, type Score } from '../core/points.ts';

function escapeXml(text: string): string {
  // XML 1.0 forbids most control characters even when escaped; drop them.
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

// Points as JUnit properties (score earned, max_score possible), indented for where they go.
function pointProperties(score: Score, indent: string): string {
  return `${indent}<properties>\n${indent}  <property name="score" value="${score.score}"/>\n${indent}  <property name="max_score" value="${score.maxScore}"/>\n${indent}</properties>`;
}

function testcase(slug: string, c: CaseResult): string {
  const open = `    <testcase classname="${escapeXml(slug)}" name="${escapeXml(c.case.name)}" file="${escapeXml(c.case.file)}" time="${seconds(c.durationMs)}">\n${pointProperties(caseScore(c), '      ')}`;
  const message = describeVerdict(c.verdict);
  switch (c.verdict.status) {
    case 'pass':
      return `${open}\n    </testcase>`;
    case 'skip':
      return `${open}\n      <skipped message="${escapeXml(message)}"/>\n    </testcase>`;
    default: {
      const body = [message, `hint: ${c.case.hint}`, c.run?.stderr ? `stderr:\n${safeText(c.run.stderr)}` : ''].filter(Boolean).join('\n');
      const tag = c.verdict.status === 'fail' ? 'failure' : 'error';
      return `${open}\n      <${tag} type="${c.verdict.status}" message="${escapeXml(message.split('\n')[0] ?? '')}">${escapeXml(body)}</${tag}>\n    </testcase>`;
    }
  }
}

// The report as JUnit XML, one testsuite per stage, for CI systems that display test results.
export function junitXml(report: Report): string {
  const s = report.summary;
  const suites = report.stages.map((stage) => {
    const count = (status: string) => stage.cases.filter((c) => c.verdict.status === status).length;
    const failures = count('fail') + count('timeout');
    const time = stage.cases.reduce((sum, c) => sum + c.durationMs, 0);
    const cases = stage.cases.map((c) => testcase(stage.stage.slug, c)).join('\n');
    return `  <testsuite name="${escapeXml(stage.stage.slug)}" tests="${stage.cases.length}" failures="${failures}" errors="${count('error')}" skipped="${count('skip')}" time="${seconds(time)}">\n${pointProperties(stageScore(stage), '    ')}\n${cases}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="dispatch-lab" tests="${s.total}" failures="${s.failed}" skipped="${s.skipped}" time="${seconds(s.durationMs)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

// Writes the JUnit XML document when the run ends.
export const junitReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(junitXml(report));
  },
});
