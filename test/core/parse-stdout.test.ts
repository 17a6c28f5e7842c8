import { describe, expect, it } from 'vitest';
import { parseStdout } from '../../grader/judge/core/parse-stdout.ts';

describe('parseStdout', () => {
  it.each([
    ['{"results":[]}\n', { results: [] }],
    ['  {"results": [1]}  \n\n', { results: [1] }],
    ['{\n  "results": []\n}\n', { results: [] }],
  ])('reads one document from %j', (stdout, value) => {
    expect(parseStdout(stdout)).toEqual({ ok: true, value });
  });

  const problems: [string, string, RegExp, string][] = [
    ['nothing', '', /stdout is empty/, ''],
    ['only whitespace', ' \n', /stdout is empty/, ''],
    ['debug lines before the JSON', 'calling Read\nok\n{"results":[]}\n', /found text before it .*stderr/, 'calling Read\nok'],
    ['two documents', '{"results":[]}\n{"results":[]}\n', /found more output after the first document/, '{"results":[]}\n'],
    ['text that is not JSON', 'hello world\n', /stdout is not JSON/, 'hello world\n'],
    ['a JavaScript object literal', "{ results: [] }\n", /stdout is not JSON/, '{ results: [] }\n'],
  ];
  it.each(problems)('names the problem with %s', (_, stdout, problem, excerpt) => {
    const parsed = parseStdout(stdout);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem).toMatch(problem);
    expect(parsed.excerpt).toBe(excerpt);
  });

  it('cuts a long excerpt and says how much is left', () => {
    const parsed = parseStdout('x'.repeat(1000));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.excerpt).toMatch(/… \(600 more characters\)$/);
  });
});
