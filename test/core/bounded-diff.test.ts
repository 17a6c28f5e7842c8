import { describe, expect, it } from 'vitest';
import { jsonDiffCounted, MAX_MISMATCHES } from '../../grader/judge/core/json-diff.ts';
import { boundedValue } from '../../grader/judge/core/bounded-value.ts';
import { judge } from '../../grader/judge/core/judge.ts';
import { describeVerdict } from '../../grader/judge/core/describe.ts';
import type { Case, RunResult } from '../../grader/course/core/types.ts';

// Pathological documents: the diff lists the first differences, counts the rest, and keeps only small previews.

const expected = { results: [{ content: 'hello' }] };

function deep(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('jsonDiffCounted on hostile documents', () => {
  it('lists the first differences of 100,000 results and counts all of them', () => {
    const { mismatches, total } = jsonDiffCounted(expected, { results: new Array(100_000).fill(0) });
    expect(mismatches).toHaveLength(MAX_MISMATCHES);
    expect(total).toBe(100_000);
  });

  it('counts 60,000 extra keys', () => {
    const received: Record<string, unknown> = { results: [{ content: 'hello' }] };
    for (let i = 0; i < 60_000; i++) received[`k${i}`] = i;
    expect(jsonDiffCounted(expected, received).total).toBe(60_000);
  });

  it('keeps a preview of a value nested 100,000 deep', () => {
    const { mismatches } = jsonDiffCounted(expected, { results: [deep(100_000)] });
    expect(JSON.stringify(mismatches)).toMatch(/nested deeper/);
    expect(JSON.stringify(mismatches).length).toBeLessThan(1_000);
  });
});

describe('boundedValue', () => {
  it.each([
    ['a short value as is', { a: [1, 'x'] }, { a: [1, 'x'] }],
    ['long arrays cut to 10 items', Array.from({ length: 12 }, (_, i) => i), [...Array.from({ length: 10 }, (_, i) => i), '… 2 more items']],
    ['long strings cut', 'x'.repeat(10_005), `${'x'.repeat(10_000)}… [5 more characters]`],
  ])('%s', (_, value, bounded) => {
    expect(boundedValue(value)).toEqual(bounded);
  });
});

describe('judge on hostile output', () => {
  const testCase: Case = { name: 'n', hint: 'h', stage: 's', file: 'f', input: {}, expect: { stdout: expected } };
  const run = (stdout: string): RunResult => ({ stdout, stderr: '', exitCode: 0, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 1 << 20 });

  it.each([
    ['JSON nested 100,000 deep', `{"results":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`, /received \[+"… 1 item, nested deeper"\]+$/],
    ['100,000 results', `{"results":[${new Array(100_000).fill('0').join(',')}]}`, /… and 99980 more differences \(the first 20 are listed\)$/],
  ])('%s: a bounded verdict, not a RangeError', (_, stdout, message) => {
    const verdict = judge(testCase, run(stdout), 1_000);
    expect(verdict.status).toBe('fail');
    expect(describeVerdict(verdict)).toMatch(message);
    expect(describeVerdict(verdict).length).toBeLessThan(5_000);
  });

  it('fails a run over a limit with that limit, before anything else', () => {
    const limits = { memoryBytes: 512 * 1024 * 1024, maxProcesses: 256 };
    const verdict = judge(testCase, { ...run(''), timedOut: true, limits, limitHit: 'processes' }, 1_000);
    expect(describeVerdict(verdict)).toBe('too many processes: the case tried to run more than 256 at once (--max-procs)');
  });
});
