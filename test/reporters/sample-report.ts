import type { Case, CaseResult, Report, RunResult, Stage } from '../../grader/course/core/types.ts';

// A fixed report covering every verdict kind, for reporter snapshots.
export const stage: Stage = { slug: 'register-tools', title: 'Register the toolset', command: 'dispatch' };
const later: Stage = { slug: 'workspace-protocol', title: 'The protocol', command: 'protocol' };

function aCase(name: string, extra: Partial<Case> = {}): Case {
  return {
    name,
    hint: `Check how ${name.toLowerCase()} is routed.`,
    stage: stage.slug,
    file: `cases/register-tools/${name.toLowerCase().replace(/\W+/g, '-')}.json`,
    input: { sandbox: { 'a.txt': 'A' }, calls: [{ tool: 'Write', input: { path: 'b.txt', file_text: 'B' } }, { tool: 'Read', input: { path: 'b.txt' } }] },
    expect: { stdout: { results: [] } },
    ...extra,
  };
}

function run(extra: Partial<RunResult> = {}): RunResult {
  return { stdout: '', stderr: '', exitCode: 0, signal: null, timedOut: false, durationMs: 12, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1024, ...extra };
}

const cases: CaseResult[] = [
  { case: aCase('Read is routed to view'), verdict: { status: 'pass' }, run: run(), durationMs: 12 },
  {
    case: aCase('Write is routed to create'),
    verdict: { status: 'fail', failures: [{ kind: 'mismatch', mismatches: [
      { kind: 'value', path: 'results[0].content', expected: 'File created successfully at: b.txt', received: 'unknown tool: Write' },
      { kind: 'unexpected', path: 'results[0].is_error', received: true },
    ] }] },
    run: run({ stderr: 'debug: routing Write\n' }),
    durationMs: 15,
  },
  { case: aCase('Bash hangs'), verdict: { status: 'timeout', timeoutMs: 10000 }, run: run({ timedOut: true, exitCode: null, signal: 'SIGTERM' }), durationMs: 10003 },
  {
    case: aCase('Debug output'),
    verdict: { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: 3, signal: null }, { kind: 'stdout', problem: 'stdout is not one JSON document: found text before it (debug output belongs on stderr: console.error)', excerpt: 'calling Write' }] },
    run: run({ exitCode: 3, stderr: 'Error: boom\n    at execute (src/execute.ts:4:11)\n' }),
    durationMs: 20,
  },
];

export const sampleReport: Report = {
  summary: { passed: 1, failed: 3, skipped: 1, total: 5, durationMs: 10050 },
  stages: [
    { stage, status: 'fail', cases },
    { stage: later, status: 'skip', cases: [{ case: { ...aCase('Protocol read'), stage: later.slug }, verdict: { status: 'skip', reason: 'an earlier stage fails: finish register-tools first' }, durationMs: 0 }] },
  ],
  next: stage,
};
