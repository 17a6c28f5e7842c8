import { describe, expect, it } from 'vitest';
import { judge } from '../../grader/judge/core/judge.ts';
import { describeVerdict } from '../../grader/judge/core/describe.ts';
import type { Case, RunResult } from '../../grader/course/core/types.ts';

const c: Case = { name: 'n', hint: 'h', stage: 'str-replace', file: 'f', input: { calls: [] }, expect: { stdout: { results: [{ content: 'Successfully replaced text at exactly one location.' }] } } };
const run = (overrides: Partial<RunResult>): RunResult => ({ stdout: '', stderr: '', exitCode: 0, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1_000_000, ...overrides });
const printed = (value: unknown) => `${JSON.stringify(value)}\n`;

describe('judge: a stub reached through a catch-all', () => {
  it.each<[string, Partial<RunResult>, string]>([
    ['in an error result', { stdout: printed({ results: [{ content: 'Error: not implemented: Tools.strReplace in src/tools.ts', is_error: true }] }) }, 'not implemented yet: Tools.strReplace in src/tools.ts (this case needs it)'],
    ['deep in any string', { stdout: printed({ results: [{ content: { error: { message: 'NotImplementedError: not implemented: Tools.view' } } }] }) }, 'not implemented yet: Tools.view (this case needs it)'],
    ['on stderr of a run that printed something else', { stdout: printed({ results: [] }), stderr: 'caught: Error: not implemented: Tools.insert\n' }, 'results[0]: missing, expected {"content":"Successfully replaced text at exactly one location."}'],
    ['on its own stderr line', { stdout: printed({ results: [] }), stderr: 'not implemented: Tools.insert\n' }, 'not implemented yet: Tools.insert (this case needs it)'],
  ])('%s', (_, overrides, message) => {
    expect(describeVerdict(judge(c, run(overrides), 1000))).toBe(message);
  });

  it('leaves a case alone that expects those words', () => {
    const expecting: Case = { ...c, expect: { stdout: { results: [{ content: 'not implemented: x' }] } } };
    expect(describeVerdict(judge(expecting, run({ stdout: printed({ results: [{ content: 'not implemented: y' }] }) }), 1000))).toBe('results[0].content: expected "not implemented: x", received "not implemented: y"');
  });
});

describe('judge: the running call', () => {
  it('names the call a timeout happened in', () => {
    const verdict = judge(c, run({ timedOut: true, runningCall: 'calls[0] str_replace', exitCode: null, signal: 'SIGKILL' }), 1000);
    expect(verdict).toEqual({ status: 'timeout', timeoutMs: 1000, during: 'calls[0] str_replace' });
    expect(describeVerdict(verdict)).toBe('timed out during calls[0] str_replace: the call did not return within 1000 ms (an endless loop, or waiting on something that never comes?)');
  });

  it('names the call a crash happened in, first', () => {
    const verdict = judge(c, run({ exitCode: 1, runningCall: 'calls[2] bash', stderr: 'Error: boom\n' }), 1000);
    expect(describeVerdict(verdict).split('\n')).toEqual([
      'crashed during calls[2] bash: the program ended before this call returned (a thrown error or an unhandled promise rejection; see stderr)',
      'exit code: expected 0, received 1',
      'stdout is empty: the program must print one JSON document',
    ]);
  });

  it('says how a case was cut short', () => {
    expect(describeVerdict({ status: 'timeout', timeoutMs: 1000, during: 'glob', cutShort: { call: 'glob', cases: 2 } })).toBe(
      'cut short: calls to glob timed out in 2 earlier cases, so this case, which calls glob too, was not run (fix that tool and rerun)',
    );
    expect(describeVerdict({ status: 'timeout', timeoutMs: 1000, cutShort: { call: '', cases: 2 } })).toMatch(/^cut short: the program timed out outside any tool call in 2 earlier cases of this stage/);
  });
});
