import { describe, expect, it } from 'vitest';
import { judge } from '../../grader/judge/core/judge.ts';
import { describeVerdict } from '../../grader/judge/core/describe.ts';
import type { Case, RunResult } from '../../grader/course/core/types.ts';

const testCase: Case = {
  name: 'Read is routed to view',
  hint: 'h',
  stage: 'register-tools',
  file: 'cases/register-tools/x.json',
  input: {},
  expect: { stdout: { results: [{ content: '1: A' }] }, exitCode: 0 },
};

function run(overrides: Partial<RunResult>): RunResult {
  return { stdout: '{"results":[{"content":"1: A"}]}\n', stderr: '', exitCode: 0, signal: null, timedOut: false, durationMs: 5, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 100, ...overrides };
}

describe('judge', () => {
  const table: [string, Partial<RunResult>, Case['expect'] | undefined, string, string][] = [
    ['a matching run passes', {}, undefined, 'pass', ''],
    ['a differing value fails with its path', { stdout: '{"results":[{"content":"A"}]}' }, undefined, 'fail', 'results[0].content: expected "1: A", received "A"'],
    ['a wrong exit code fails', { exitCode: 3 }, undefined, 'fail', 'exit code: expected 0, received 3'],
    ['a signal fails', { exitCode: null, signal: 'SIGKILL', stdout: '' }, undefined, 'fail', 'exit code: expected 0, but the program was killed by SIGKILL\nstdout is empty: the program must print one JSON document'],
    ['a timeout wins over everything', { timedOut: true, exitCode: null, signal: 'SIGTERM' }, undefined, 'timeout', 'timed out after 1000 ms: the program did not exit (an endless loop, or a timer, child process or open handle that keeps it alive?)'],
    ['an output flood fails without parsing', { stdoutDroppedBytes: 10 }, undefined, 'fail', 'stdout: output exceeded 100 bytes (head and tail kept, the middle 10 bytes dropped)\n  it starts: "{\\"results\\":[{\\"content\\":\\"1: A\\"}]}\\n"…\n  it ends:   …"{\\"results\\":[{\\"content\\":\\"1: A\\"}]}\\n"'],
    ['exit code only when stdout is not graded', { stdout: 'garbage', exitCode: 1 }, { exitCode: 1 }, 'pass', ''],
    ['exit code defaults to 0', { stdout: '{}' }, { stdout: {} }, 'pass', ''],
    ['a starter stub is named instead of the empty stdout', { stdout: '', exitCode: 1, stderr: 'not implemented: Tools.view in src/tools.ts\n' }, undefined, 'fail', 'not implemented yet: Tools.view in src/tools.ts (this case needs it)'],
    ['a stub is named where the case expects exit 1 too', { stdout: '', exitCode: 1, stderr: 'not implemented: handleProtocolRequest in src/protocol.ts\n' }, { stdout: { status: 'protocol_error' }, exitCode: 1 }, 'fail', 'not implemented yet: handleProtocolRequest in src/protocol.ts (this case needs it)'],
    ['a stub message does not hide a passing exit code', { stderr: 'not implemented: x\n' }, undefined, 'pass', ''],
    ['debug output is named', { stdout: 'dbg\n{"results":[{"content":"1: A"}]}' }, undefined, 'fail', 'stdout is not one JSON document: found text before it (debug output belongs on stderr: console.error)'],
  ];
  it.each(table)('%s', (_, overrides, expectation, status, message) => {
    const c = expectation ? { ...testCase, expect: expectation } : testCase;
    const verdict = judge(c, run(overrides), 1000);
    expect(verdict.status).toBe(status);
    expect(describeVerdict(verdict)).toBe(message);
  });
});
