import type { CaseResult, Report, StageResult } from '../course/core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { describeVerdict } from '../judge/core/describe.ts';
import { xmlText } from '../text/core/xml-text.ts';
import { caseScore, stageScore } from '../course/core/points.ts';

// The JUnit file validates against the Jenkins xUnit plugin's junit-10.xsd (which skips files that fail it) and reads the
// same in GitLab and Jenkins' junit step: no attribute or element that schema lacks (a case's points and file are the
// suite's properties), and every count agrees with the elements (a timeout or a build error is an <error>).

/** A stage's counts as JUnit counts them: fail is a failure; timeout and error (build, crash, not graded) are errors. */
export type JunitCounts = { tests: number; failures: number; errors: number; skipped: number; time: number };

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

// The counts of one stage's cases.
export function stageCounts(stage: StageResult): JunitCounts {
  const count = (...statuses: string[]) => stage.cases.filter((c) => statuses.includes(c.verdict.status)).length;
  return { tests: stage.cases.length, failures: count('fail'), errors: count('timeout', 'error'), skipped: count('skip'), time: stage.cases.reduce((sum, c) => sum + c.durationMs, 0) };
}

function property(name: string, value: string | number): string {
  return `      <property name="${xmlText(name)}" value="${xmlText(String(value))}"/>`;
}

// The stage's points, then each case's file and points (`file: NAME`, `score: NAME` as earned/possible); a private case
// has no file property (its path is the grading machine's, as given with --cases).
function suiteProperties(stage: StageResult): string {
  const total = stageScore(stage);
  const perCase = stage.cases.flatMap((c) => {
    const score = caseScore(c);
    return [...(c.case.private ? [] : [property(`file: ${c.case.name}`, c.case.file)]), property(`score: ${c.case.name}`, `${score.score}/${score.maxScore}`)];
  });
  return ['    <properties>', property('score', total.score), property('max_score', total.maxScore), ...perCase, '    </properties>'].join('\n');
}

function testcase(slug: string, c: CaseResult): string {
  const open = `    <testcase classname="${xmlText(slug)}" name="${xmlText(c.case.name)}" time="${seconds(c.durationMs)}">`;
  const message = describeVerdict(c.verdict);
  switch (c.verdict.status) {
    case 'pass':
      return `${open}</testcase>`;
    case 'skip':
      return `${open}\n      <skipped message="${xmlText(message)}"/>\n    </testcase>`;
    default: {
      const body = [message, `hint: ${c.case.hint}`, c.run?.stderr ? `stderr:\n${c.run.stderr}` : ''].filter(Boolean).join('\n');
      const tag = c.verdict.status === 'fail' ? 'failure' : 'error';
      return `${open}\n      <${tag} type="${c.verdict.status}" message="${xmlText(message.split('\n')[0] ?? '')}">${xmlText(body)}</${tag}>\n    </testcase>`;
    }
  }
}

function countAttributes(c: JunitCounts, withSkipped: boolean): string {
  return `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}"${withSkipped ? ` skipped="${c.skipped}"` : ''} time="${seconds(c.time)}"`;
}

// The report as JUnit XML, one testsuite per stage, for CI systems that display test results.
export function junitXml(report: Report): string {
  const counted = report.stages.map((stage) => ({ stage, counts: stageCounts(stage) }));
  const suites = counted.map(({ stage, counts }) => {
    const cases = stage.cases.map((c) => testcase(stage.stage.slug, c)).join('\n');
    return `  <testsuite name="${xmlText(stage.stage.slug)}" ${countAttributes(counts, true)}>\n${suiteProperties(stage)}\n${cases}\n  </testsuite>`;
  });
  const sum = (key: keyof JunitCounts) => counted.reduce((total, { counts }) => total + counts[key], 0);
  // The root has no skipped attribute: junit-10.xsd does not allow one there (each suite says it).
  const root = { tests: sum('tests'), failures: sum('failures'), errors: sum('errors'), skipped: sum('skipped'), time: report.summary.durationMs };
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="dispatch-lab" ${countAttributes(root, false)}>\n${suites.join('\n')}\n</testsuites>\n`;
}

// Writes the JUnit XML document when the run ends.
export const junitReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(junitXml(report));
  },
});
