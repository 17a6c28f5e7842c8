import { describe, expect, it } from 'vitest';
import { HIDDEN_INPUT, redactPrivate, redactVerdict } from '../../grader/report/core/redact.ts';
import { REPORTERS } from '../../grader/reporters/index.ts';
import type { CaseResult, Failure, Report } from '../../grader/course/core/types.ts';
import { sampleReport, stage } from './sample-report.ts';

const IN = 'SECRET_INPUT_7f3a';
const OUT = 'SECRET_EXPECTED_9c1d';
/** Where the private case lives on the grading machine (as given with --cases). */
const PRIVATE_FILE = '/srv/grading/private-cases/echo/hidden-edge-case.json';

// A report with one failing private case whose input, expectation, output and stderr all carry markers.
function privateReport(): Report {
  const base = sampleReport.stages[0]!.cases[1]!;
  const failing: CaseResult = {
    case: { ...base.case, name: 'hidden edge case', file: PRIVATE_FILE, private: true, input: { calls: [{ tool: 'echo', input: { text: IN } }] }, expect: { stdout: { results: [{ content: OUT }] } } },
    verdict: { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'results[0].content', expected: OUT, received: IN }] }, { kind: 'stdout', problem: 'stdout is not one JSON document', excerpt: IN }] },
    run: { ...base.run!, stdout: `{"results":[{"content":"${IN}"}]}`, stderr: `got ${IN}\n` },
    durationMs: 3,
  };
  return { summary: { passed: 1, failed: 1, skipped: 0, total: 2, durationMs: 5 }, stages: [{ stage, status: 'fail', cases: [sampleReport.stages[0]!.cases[0]!, failing] }] };
}

// Drive a reporter through a whole run of the report, as a run would, and return what it wrote.
function render(name: string, report: Report): string {
  let out = '';
  const reporter = REPORTERS[name]!({ write: (t) => void (out += t), color: false });
  reporter.onRunStart?.({ mode: 'every', stages: report.stages.map((s) => ({ stage: s.stage, cases: s.cases.map((c) => c.case) })) });
  for (const s of report.stages) {
    reporter.onStageStart?.({ stage: s.stage, cases: s.cases.map((c) => c.case) });
    for (const c of s.cases) reporter.onCaseEnd?.(c, s.stage);
    reporter.onStageEnd?.(s);
  }
  reporter.onRunEnd?.(report);
  return out;
}

describe('redactVerdict', () => {
  it.each<[Failure, Failure]>([
    [{ kind: 'mismatch', mismatches: [{ kind: 'value', path: 'a', expected: OUT, received: IN }], more: 3 }, { kind: 'stdout', problem: 'output differs (private case: details hidden)', excerpt: '' }],
    [{ kind: 'exit-code', expected: 1, received: 0, signal: null }, { kind: 'stdout', problem: 'exit code differs (private case: details hidden)', excerpt: '' }],
    [{ kind: 'exit-code', expected: 0, received: null, signal: 'SIGKILL' }, { kind: 'stdout', problem: 'the program was killed by SIGKILL (private case: details hidden)', excerpt: '' }],
    [{ kind: 'stdout', problem: 'stdout is empty', excerpt: IN }, { kind: 'stdout', problem: 'stdout is empty', excerpt: '' }],
    [{ kind: 'output-limit', stream: 'stdout', limitBytes: 10, droppedBytes: 5, head: IN, tail: IN }, { kind: 'output-limit', stream: 'stdout', limitBytes: 10 }],
    [{ kind: 'not-implemented', what: 'tools.view' }, { kind: 'not-implemented', what: 'tools.view' }],
    [{ kind: 'flaky', runs: 2, outcomes: [{ status: 'fail', message: IN, count: 1 }, { status: 'pass', message: '', count: 1 }] }, { kind: 'flaky', runs: 2, outcomes: [{ status: 'fail', message: '', count: 1 }, { status: 'pass', message: '', count: 1 }] }],
  ])('%o → %o', (failure, redacted) => {
    expect(redactVerdict({ status: 'fail', failures: [failure] })).toEqual({ status: 'fail', failures: [redacted] });
  });

  it('leaves verdicts that carry no values alone', () => {
    expect(redactVerdict({ status: 'timeout', timeoutMs: 5 })).toEqual({ status: 'timeout', timeoutMs: 5 });
  });
});

describe('redactPrivate', () => {
  it('keeps a private case name, status and hint, and drops its input, expectation and output', () => {
    const redacted = redactPrivate(privateReport()).stages[0]!.cases[1]!;
    expect([redacted.case.name, redacted.verdict.status, redacted.case.hint, redacted.case.input, redacted.case.expect]).toEqual(['hidden edge case', 'fail', privateReport().stages[0]!.cases[1]!.case.hint, HIDDEN_INPUT, {}]);
    expect([redacted.run?.stdout, redacted.run?.stderr]).toEqual(['', '']);
    expect(redactPrivate(privateReport()).stages[0]!.cases[0]).toBe(privateReport().stages[0]!.cases[0]);
  });
});

describe('redactPrivate, times', () => {
  // A private case that took 98 765 ms: a program can spell out its input in how long it takes.
  const slow = (): Report => {
    const report = privateReport();
    const hidden = report.stages[0]!.cases[1]!;
    hidden.durationMs = 98_765;
    hidden.run = { ...hidden.run!, durationMs: 98_765, stdoutDroppedBytes: 4_242 };
    report.summary.durationMs = 98_770;
    return report;
  };

  it('drops a private case\'s run time and output sizes, and times the run by its bundled cases alone', () => {
    const redacted = redactPrivate(slow());
    const hidden = redacted.stages[0]!.cases[1]!;
    expect([hidden.durationMs, hidden.run?.durationMs, hidden.run?.stdoutDroppedBytes]).toEqual([0, 0, 0]);
    expect(redacted.summary.durationMs).toBe(slow().stages[0]!.cases[0]!.durationMs);
  });

  it.each(['pretty', 'junit'])('%s shows no time of a private case', (name) => {
    const text = render(name, slow());
    expect(text).not.toMatch(/98[.,]?[78]/);
  });

  it('pretty prints no time at all on a private case\'s line (not a redacted "0 ms")', () => {
    const line = render('pretty', slow()).split('\n').find((l) => l.includes('hidden edge case'))!;
    expect(line).toContain('(private)');
    expect(line).not.toMatch(/\d+ ms|\d s\b/);
  });
});

describe('student-facing reporters', () => {
  it.each(['pretty', 'github', 'github-summary', 'junit', 'gradescope'])('%s never shows a private case input or expected output', (name) => {
    const text = render(name, privateReport());
    expect(text).toContain('hidden edge case');
    expect(text).not.toContain(IN);
    expect(text).not.toContain(OUT);
    expect(text).not.toContain('private-cases');
  });

  it('json, the instructor report, keeps everything', () => {
    const text = render('json', privateReport());
    expect(text).toContain(IN);
    expect(text).toContain(OUT);
    expect(JSON.parse(text).stages[0].cases[1].private).toBe(true);
  });
});
