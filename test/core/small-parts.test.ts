import { describe, expect, it } from 'vitest';
import { cappedText } from '../../grader/judge/core/capped-text.ts';
import { runInOrder } from '../../grader/run/core/run-pool.ts';
import { closest } from '../../grader/text/core/closest.ts';
import { pointerToPath } from '../../grader/judge/core/json-errors.ts';
import { reproduceCommand, rerunCommand } from '../../grader/judge/core/reproduce.ts';
import type { Case } from '../../grader/course/core/types.ts';

describe('cappedText', () => {
  it('keeps everything under the cap', () => {
    const text = cappedText(10);
    text.push(Buffer.from('hello'));
    expect([text.text(), text.droppedBytes()]).toEqual(['hello', 0]);
  });

  it('keeps the head and the tail and marks the drop', () => {
    const text = cappedText(6);
    for (const chunk of ['abc', 'def', 'ghi', 'jkl']) text.push(Buffer.from(chunk));
    expect(text.droppedBytes()).toBe(6);
    expect(text.text()).toBe('abc\n… [6 bytes dropped: output exceeded 6 bytes] …\njkl');
  });
});

describe('runInOrder', () => {
  it('hands results out in task order whatever order they finish in', async () => {
    const seen: number[] = [];
    const delays = [30, 5, 20, 1];
    await runInOrder(delays, 4, (ms, i) => new Promise<number>((r) => setTimeout(() => r(i), ms)), (i) => seen.push(i));
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('never runs more than jobs at once', async () => {
    let running = 0;
    let peak = 0;
    await runInOrder([1, 2, 3, 4, 5], 2, async () => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    }, () => {});
    expect(peak).toBe(2);
  });

  it('starts nothing more once told to stop', async () => {
    let started = 0;
    await runInOrder([1, 2, 3], 1, async () => void started++, () => {}, { shouldStart: () => started < 1 });
    expect(started).toBe(1);
  });
});

describe('closest', () => {
  it.each<[string, string | undefined]>([['veiw', 'view'], ['register', 'register-tools'], ['strreplace', 'str-replace'], ['zzzz', undefined]])('%s → %s', (word, expected) => {
    expect(closest(word, ['echo', 'view', 'str-replace', 'register-tools'])).toBe(expected);
  });
});

describe('pointerToPath', () => {
  it.each([['', '$'], ['/input/calls/0', '$.input.calls[0]'], ['/input/sandbox/a.txt', '$.input.sandbox["a.txt"]'], ['/a~1b', '$["a/b"]']])('%s → %s', (pointer, path) => {
    expect(pointerToPath(pointer)).toBe(path);
  });
});

describe('reproduce commands', () => {
  const c: Case = { name: "it's odd", hint: 'h', stage: 'echo', file: 'f', input: { calls: [{ tool: 'echo', input: { text: "it's" } }] }, expect: {} };
  it('quotes the stdin for a POSIX shell', () => {
    expect(reproduceCommand(c, { slug: 'echo', title: '', command: 'dispatch' })).toBe(`printf '%s' '{"calls":[{"tool":"echo","input":{"text":"it'\\''s"}}]}' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts dispatch; echo "(exit code $?)"`);
  });
  it('sends a string input verbatim', () => {
    expect(reproduceCommand({ ...c, input: '{oops' }, { slug: 'p', title: '', command: 'protocol' })).toBe(`printf '%s' '{oops' | perl -e 'alarm shift; exec @ARGV' 10 node --import tsx program.ts protocol; echo "(exit code $?)"`);
  });
  it('reruns one case through the grader', () => {
    expect(rerunCommand(c)).toBe(`npx dispatch-lab test --stage echo --case 'it'\\''s odd'`);
  });
  it('gives no input away for a private case, and sends a worked example back to verify', () => {
    expect(reproduceCommand({ ...c, private: true }, { slug: 'echo', title: '', command: 'dispatch' })).toBe('not available for a private case (its input is not shown)');
    expect(rerunCommand({ ...c, file: 'stages/echo.md' })).toBe('npx dispatch-lab verify --stage echo');
  });
});
