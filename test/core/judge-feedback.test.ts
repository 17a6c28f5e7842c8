import { describe, expect, it } from 'vitest';
import { judge } from '../../grader/judge/core/judge.ts';
import { describeVerdict } from '../../grader/judge/core/describe.ts';
import { failureAnswer } from '../../grader/judge/core/failure-answer.ts';
import type { Case, RunResult, Stage } from '../../grader/course/core/types.ts';
import { manifestStages } from '../feedback/reference-outputs.ts';

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

describe('judge: the answer says what the differences entail (issue 35)', () => {
  const stages = new Map(manifestStages().map((s) => [s.slug, s as unknown as Pick<Stage, 'mistakes'>]));
  const answer = (slug: string, expected: unknown, received: unknown, overrides: Partial<RunResult> = {}, exitCode = 0) => {
    const graded: Case = { ...c, stage: slug, expect: { stdout: expected, exitCode } };
    const r = run({ stdout: printed(received), ...overrides });
    return failureAnswer({ verdict: judge(graded, r, 1000), run: r }, stages.get(slug) ?? {});
  };

  it('a view range loop one line short: the last line is missing, and no pattern claims more', () => {
    expect(answer('view', { results: [{ content: '1: A' }] }, { results: [{ content: '' }] })).toEqual({ note: 'the received text is empty: the expected text without its only line ("1: A")' });
  });

  it('a message appended in the wrong place: the count is explained by the missing message, not called off by one', () => {
    const user = { role: 'user', content: 'hi' };
    const assistant = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] };
    const tool = { role: 'tool', name: 'echo', tool_call_id: 'c1', content: '{"content":"x","ok":true}' };
    const doc = (messages: unknown[], count: number) => ({ requests: [{ messages: [user], tools: ['echo'] }, { messages, tools: ['echo'] }], events: [{ type: 'model.request', payload: { turn: 2, message_count: count } }] });
    const found = answer('tool-loop', doc([user, assistant, tool], 3), doc([user, tool], 2));
    expect(found.note).toBe('message_count is 2, not 3: one assistant message is missing (requests[1].messages[1])');
    expect(found.mistake).toBeUndefined();
  });

  it('a protocol program that crashed: no exit-code hint', () => {
    const stack = 'Error: boom\n    at main (file:///c/src/protocol.ts:3:9)\n\nNode.js v20.20.0\n';
    const crashed = answer('workspace-protocol', { status: 'error', error: 'file_not_found' }, null, { stdout: '', exitCode: 1, stderr: stack });
    expect(crashed.mistake).toBeUndefined();
    const decided = answer('workspace-protocol', { status: 'error', error: 'file_not_found' }, { status: 'error', error: 'file_not_found' }, { exitCode: 1 });
    expect(decided.mistake).toMatch(/^A tool that ran and failed/);
  });
});
