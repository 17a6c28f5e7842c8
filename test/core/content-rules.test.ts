import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseFiles } from '../../grader/course/core/course.ts';
import { contentProblems, mistakeProblems, stageTextProblems, type ContentExtras } from '../../grader/course/core/content-rules.ts';
import { placeParseError } from '../../grader/judge/core/json-errors.ts';
import { closest } from '../../grader/text/core/closest.ts';
import { sandboxEntryProblem } from '../../grader/sandbox/core/sandbox-keys.ts';
import { withPlaceholders, workedExample } from '../../grader/course/core/worked-example.ts';

const schema = readFileSync(new URL('../../cases/case.schema.json', import.meta.url), 'utf8');
const TEXT = [
  '# Echo',
  '## What to build', 'x',
  '## Contract', 'echo returns its `text` as the content,', 'unchanged.',
  '## Worked example', 'stdin:', '```json', '{"calls": [{"tool": "echo", "input": {"text": "hi"}}]}', '```', 'stdout, exit code 0:', '```json', '{"results": [{"content": "hi"}], "tools": TOOLS}', '```',
  '## Common mistakes', 'x',
  '## Run it', '```sh', 'npx dispatch-lab test --stage echo', '```',
].join('\n');
const good = { name: 'echo says hi', hint: 'Return the text as the content, unchanged.', rule: 'echo returns its `text` as the content, unchanged.', input: { calls: [{ tool: 'echo', input: { text: 'hi' } }] }, expect: { stdout: { results: [] } } };

type Setup = { stage?: object; cases?: Record<string, unknown>; text?: string; entries?: string[] };

// The authoring problems of a one-stage course.
function problems({ stage = {}, cases = { 'a.json': good }, text = TEXT, entries }: Setup): string[] {
  const files: CourseFiles = {
    manifest: { file: 'stages/stages.json', text: JSON.stringify({ stages: [{ slug: 'echo', title: 'Echo', command: 'dispatch', ...stage }] }) },
    caseSchema: { file: 'cases/case.schema.json', text: schema },
    caseFiles: Object.entries(cases).map(([name, data]) => ({ file: `cases/echo/${name}`, dir: 'echo', text: typeof data === 'string' ? data : JSON.stringify(data) })),
    caseDirs: ['echo'],
    stageDocs: ['echo.md'],
  };
  const extras: ContentExtras = { stageTexts: { echo: text }, caseDirEntries: { echo: entries ?? Object.keys(cases) } };
  return contentProblems(files, extras);
}

describe('contentProblems', () => {
  it('finds nothing wrong with a tidy stage', () => {
    expect(problems({})).toEqual([]);
  });

  it('asks every case for the sentence of its stage text it pins, and finds the quote in that text', () => {
    const { rule: _none, ...unruled } = good;
    expect(problems({ cases: { 'a.json': unruled, 'b.json': { ...good, name: 'b', rule: 'echo returns its text as the content, unchanged.' } } })).toEqual([
      'cases/echo/a.json: $.rule: missing: quote the sentence of stages/echo.md this case pins',
      'cases/echo/b.json: $.rule: not in stages/echo.md: "echo returns its text as the content, unchanged.": quote the text word for word (only whitespace may differ), or add the sentence to its Contract section',
    ]);
  });

  it.each<[string, Setup, string[]]>([
    ['an empty expectation', { cases: { 'a.json': { ...good, expect: {} } } },
      ['cases/echo/a.json: $.expect: grades nothing (any program that exits 0 passes): give "stdout" or a non-zero "exitCode"; to fill it from the reference, run npx dispatch-lab record --stage echo']],
    ['exit code 0 alone', { cases: { 'a.json': { ...good, expect: { exitCode: 0 } } } }, [expect.stringContaining('$.expect: grades nothing')]],
    ['an input typo', { cases: { 'a.json': { ...good, input: { calsl: [] } } } },
      ['cases/echo/a.json: $.input: missing required property "calls"', 'cases/echo/a.json: $.input: unknown property "calsl" (did you mean "calls"?)']],
    ['a typo inside a call', { cases: { 'a.json': { ...good, input: { calls: [{ tool: 'echo', inptu: {} }] } } } },
      ['cases/echo/a.json: $.input.calls[0]: unknown property "inptu" (did you mean "input"?)']],
    ['a raw string input the harness refuses', { cases: { 'a.json': { ...good, input: '{"calls": [' } } }, [expect.stringContaining('add "expectHarnessError": true')]],
    ['a short hint', { cases: { 'a.json': { ...good, hint: 'fix it' } } },
      ['cases/echo/a.json: $.hint: too short (6 characters): say what to check or change, in at least 21 characters']],
    ['names differing by case and spacing', { cases: { 'a.json': good, 'b.json': { ...good, name: 'Echo  says hi' } } },
      ['cases/echo/b.json: $.name: "Echo  says hi" differs from "echo says hi" (cases/echo/a.json) only by case or spacing']],
    ['a stage without cases', { cases: {} },
      ['cases/echo/: stage "echo" has no cases: add one (npx dispatch-lab new case echo "<name>"), or mark the stage "draft": true in stages/stages.json']],
    ['file names', { entries: ['a.json', 'Read Me.json', 'notes.txt'] },
      ['cases/echo/Read Me.json: a case file name is kebab-case and ends in .json (e.g. read-routes-to-view.json)', 'cases/echo/notes.txt: a case file name is kebab-case and ends in .json (e.g. read-routes-to-view.json)']],
    ['a command typo', { stage: { command: 'dispach' } }, ['stages/stages.json: $.stages[0].command: unknown command "dispach" (did you mean "dispatch"?)']],
  ])('%s', (_, setup, expected) => {
    expect(problems(setup)).toEqual(expected);
  });

  it('lets a drafted stage have no cases and empty expectations', () => {
    expect(problems({ stage: { draft: true }, cases: {} })).toEqual([]);
    expect(problems({ stage: { draft: true }, cases: { 'a.json': { ...good, expect: {} } } })).toEqual([]);
  });

  it('skips the input check of a case that expects the harness to refuse it', () => {
    expect(problems({ cases: { 'a.json': { ...good, input: 'not json', expect: { exitCode: 1 }, expectHarnessError: true } } })).toEqual([]);
  });
});

describe('stageTextProblems', () => {
  it.each<[string, string, string[]]>([
    ['a complete text', TEXT, []],
    ['no title', TEXT.replace('# Echo\n', ''), ['the text starts with its title: a "# " heading on the first line']],
    ['a missing section and no run command', TEXT.replace('## Contract', '## Contrat').replace('npx dispatch-lab test --stage echo', ''),
      ['missing the section "## Contract"', 'never shows the command that grades it: npx dispatch-lab test --stage echo']],
    ['a worked example that is not JSON', TEXT.replace('{"calls": [', '{"calls" [{'), [expect.stringMatching(/^the worked example's stdin block is not JSON: invalid JSON at line 1, column 9/)]],
  ])('%s', (_, text, expected) => {
    expect(stageTextProblems(text, 'echo')).toEqual(expected);
  });
});

describe('workedExample', () => {
  it('reads the stdin, the stdout with placeholders as matchers, and the exit code', () => {
    expect(workedExample(TEXT)).toEqual({ ok: true, example: { input: { calls: [{ tool: 'echo', input: { text: 'hi' } }] }, stdout: { results: [{ content: 'hi' }], tools: { $any: 'any' } }, exitCode: 0 } });
    expect(workedExample(TEXT.replace('exit code 0', 'exit code 1'))).toMatchObject({ ok: true, example: { exitCode: 1 } });
    expect(workedExample('# x\n')).toEqual({ ok: false, missing: true });
  });

  it.each([['{"a": TOOLS}', '{"a": {"$any": "any"}}'], ['{"a": "TOOLS"}', '{"a": "TOOLS"}'], ['[1E5, true, null]', '[1E5, true, null]'], ['{"a": "x\\"Y", "b": Y}', '{"a": "x\\"Y", "b": {"$any": "any"}}']])('%s → %s', (text, expected) => {
    expect(withPlaceholders(text)).toBe(expected);
  });
});

describe('placeParseError', () => {
  it.each([
    ['{"a": 1\n "b": 2}', 9, 'CommaExpected', 'invalid JSON at line 1, column 8: expected "," (the next token is at line 2, column 2)'],
    ['[1, 2,]', 6, 'ValueExpected', 'invalid JSON at line 1, column 6: a trailing comma is not allowed in JSON'],
    ['{"a": tru}', 6, 'InvalidSymbol', 'invalid JSON at line 1, column 7: unexpected character'],
  ])('%j', (text, offset, code, expected) => {
    expect(placeParseError(text, offset, code)).toBe(expected);
  });
});

describe('closest', () => {
  it.each<[string, string[], string | undefined]>([
    ['regster-tools', ['ls', 'echo', 'register-tools'], 'register-tools'],
    ['call', ['sandbox', 'calls'], 'calls'],
    ['exitcode', ['stdout', 'exitCode'], 'exitCode'],
    ['calsl', ['sandbox', 'calls'], 'calls'],
  ])('%s → %s', (word, candidates, expected) => {
    expect(closest(word, candidates)).toBe(expected);
  });
});

describe('sandboxEntryProblem', () => {
  it.each<[string, string, string | undefined]>([
    ['a.txt', 'A', undefined],
    ['build/', '', undefined],
    ['build/', 'text', 'ends with "/", which declares an empty directory: its value must be ""'],
    ['../up/', '', 'contains ".." (it would climb out of the sandbox)'],
    ['/', '', 'is absolute'],
  ])('%s', (key, value, expected) => {
    expect(sandboxEntryProblem(key, value)).toBe(expected);
  });
});

describe('mistakeProblems', () => {
  it('names a bad path, a pattern RE2 cannot compile and a short hint', () => {
    expect(mistakeProblems([
      { path: 'results[*].is_error', present: true, hint: 'A success result has only the content key.' },
      { path: 'results[*]..x', absent: true, hint: 'A long enough hint for the mistake.' },
      { path: 'stdout', matches: '(?=a)', hint: 'short' },
    ], '$.stages[0].mistakes')).toEqual([
      '$.stages[0].mistakes[1].path: "results[*]..x" is not a path such as results[*].is_error (keys joined by ".", [n] or [*] for array items, "stdout" for the whole document)',
      expect.stringMatching(/^\$\.stages\[0\]\.mistakes\[2\]\.matches: "\$regex" is not a valid regular expression/),
      '$.stages[0].mistakes[2].hint: too short (5 characters): say what the mistake is and how to fix it',
    ]);
  });

  it('compiles the parts a pattern names with RE2 too', () => {
    expect(mistakeProblems([
      { path: 'results[*].content', matches: '^E', changed: '(?<=x)y', unchanged: '^[^:]*: (.*)$', hint: 'A long enough hint for the mistake.' },
    ], '$.stages[0].mistakes')).toEqual([expect.stringMatching(/^\$\.stages\[0\]\.mistakes\[0\]\.changed: "\$regex" is not a valid regular expression/)]);
  });
});
