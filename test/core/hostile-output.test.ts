import { describe, expect, it } from 'vitest';
import { parseStdout } from '../../grader/judge/core/parse-stdout.ts';
import { judge } from '../../grader/judge/core/judge.ts';
import { describeVerdict } from '../../grader/judge/core/describe.ts';
import { compactRun } from '../../grader/judge/core/compact-run.ts';
import type { Case, RunResult } from '../../grader/course/core/types.ts';

// Output a hostile program can produce: big, many-lined, odd. Reading it stays linear and the messages stay specific.

describe('parseStdout on hostile output', () => {
  it('finds the document after 60,000 debug lines quickly', () => {
    const stdout = `${'debug: still working\n'.repeat(60_000)}{"results":[]}\n`;
    const started = performance.now();
    const parsed = parseStdout(stdout);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(parsed).toMatchObject({ ok: false, problem: expect.stringMatching(/found text before it/) });
  });

  it('stays fast on 60,000 lines that each look like a JSON document', () => {
    const stdout = '{"call": 1}\n'.repeat(60_000);
    const started = performance.now();
    expect(parseStdout(stdout)).toMatchObject({ ok: false, problem: expect.stringMatching(/found more output after the first document/) });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each([
    ['a pretty-printed document after debug text', 'calling\n{\n  "results": [\n    {\n      "content": "a"\n    }\n  ]\n}\n', /found text before it/, 'calling'],
    ['two documents on one line', '{"a":1}{"b":2}', /found more output after the first document/, '{"b":2}'],
    ['console.log of an object', "{ results: [ { content: 'a' } ] }\n", /looks like an object printed as is \(console\.log\); print JSON\.stringify\(value\) instead/, "{ results: [ { content: 'a' } ] }\n"],
    ['a document that never closes', '{"results": [', /stdout is not JSON/, '{"results": ['],
    ['braces inside strings', 'x\n{"a":"}{"}\n', /found text before it/, 'x'],
  ])('names %s', (_, stdout, problem, excerpt) => {
    const parsed = parseStdout(stdout);
    expect(parsed).toMatchObject({ ok: false, problem: expect.stringMatching(problem), excerpt });
  });
});

describe('a flooded run', () => {
  const testCase: Case = { name: 'n', hint: 'h', stage: 's', file: 'f', input: {}, expect: { stdout: {} } };
  const flood = `HEAD ${'x'.repeat(500)}\n… [9000 bytes dropped: output exceeded 1000 bytes] …\n${'x'.repeat(500)} TAIL`;
  const run: RunResult = { stdout: flood, stderr: '', exitCode: 0, signal: null, timedOut: false, durationMs: 1, stdoutDroppedBytes: 9000, stderrDroppedBytes: 0, outputLimitBytes: 1000 };

  it('fails with the limit, how much was dropped, and how the stream starts and ends', () => {
    expect(describeVerdict(judge(testCase, run, 100)).split('\n')).toEqual([
      'stdout: output exceeded 1000 bytes (head and tail kept, the middle 9000 bytes dropped)',
      `  it starts: ${JSON.stringify(`HEAD ${'x'.repeat(115)}`)}…`,
      `  it ends:   …${JSON.stringify(`${'x'.repeat(115)} TAIL`)}`,
    ]);
  });

  it('is kept small in the report; a stream within its cap is kept whole up to 64 KiB', () => {
    const big = { ...run, stdout: 'a'.repeat(100_000), stderr: 'b'.repeat(60_000) };
    const compact = compactRun(big);
    expect(compact.stdout.length).toBeLessThan(5_000);
    expect(compact.stdout).toMatch(/^a+\n… \[output exceeded the limit: the middle dropped\] …\na+$/);
    expect(compact.stderr).toBe(big.stderr);
  });

  it('cuts a long stream within its cap to 64 KiB, unless the whole output is asked for (record)', () => {
    const long = { ...run, stdout: 'a'.repeat(200_000), stdoutDroppedBytes: 0 };
    expect(compactRun(long).stdout).toMatch(/^a{32768}\n… \[134464 characters dropped from the middle in the report\] …\na{32768}$/);
    expect(compactRun(long, true).stdout).toBe(long.stdout);
  });
});
