import { describe, expect, it } from 'vitest';
import { repeatedVerdict } from '../../grader/judge/core/flaky.ts';
import { describeVerdict } from '../../grader/judge/core/describe.ts';
import type { Verdict } from '../../grader/course/core/types.ts';

const pass: Verdict = { status: 'pass' };
const wrong: Verdict = { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: 3, signal: null }] };
const slow: Verdict = { status: 'timeout', timeoutMs: 1000 };

describe('repeatedVerdict', () => {
  it.each<[string, Verdict[], Verdict]>([
    ['every run passes', [pass, pass, pass], pass],
    ['every run fails the same way', [wrong, wrong], wrong],
    ['a single run', [slow], slow],
  ])('is the common verdict when %s', (_, verdicts, expected) => {
    expect(repeatedVerdict(verdicts)).toEqual(expected);
  });

  it('fails as flaky when verdicts differ, counting each outcome in first-seen order', () => {
    const verdict = repeatedVerdict([pass, wrong, pass, slow]);
    expect(verdict.status).toBe('fail');
    expect(describeVerdict(verdict).split('\n')).toEqual([
      'flaky: the verdict changed across 4 runs of the same case (2× pass, 1× fail, 1× timeout); the result depends on timing or order',
      '  1× fail: exit code: expected 0, received 3',
      '  1× timeout: timed out after 1000 ms: the program did not exit (an endless loop, or a timer, child process or open handle that keeps it alive?)',
    ]);
  });

  it('counts two different failures as flaky too', () => {
    const other: Verdict = { status: 'fail', failures: [{ kind: 'exit-code', expected: 0, received: 4, signal: null }] };
    expect(repeatedVerdict([wrong, other]).status).toBe('fail');
    expect(describeVerdict(repeatedVerdict([wrong, other]))).toMatch(/^flaky: .*\(1× fail, 1× fail\)/);
  });
});
