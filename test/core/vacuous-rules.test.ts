import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseFiles } from '../../grader/course/core/course.ts';
import { contentProblems } from '../../grader/course/core/content-rules.ts';
import { expectedPaths } from '../../grader/course/core/vacuous-rules.ts';

const schema = readFileSync(new URL('../../cases/case.schema.json', import.meta.url), 'utf8');
const RULE = 'echo returns its text as the content, unchanged.';
const TEXT = ['# Echo', '## What to build', 'x', '## Contract', RULE, '## Worked example', 'stdin:', '```json', '{"calls": []}', '```', 'stdout, exit code 0:', '```json', '{"results": []}', '```', '## Common mistakes', 'x', '## Run it', '```sh', 'npx dispatch-lab test --stage echo', '```'].join('\n');
const input = { calls: [{ tool: 'echo', input: { text: 'hi' } }] };
const hint = 'Return the text as the content, unchanged.';
const caseWith = (stdout: unknown) => ({ name: 'echo says hi', hint, rule: RULE, input, expect: { stdout, exitCode: 0 } });
const expected = { results: [{ content: 'hi' }, { content: 'Error: x', is_error: true }] };

// The authoring problems of a one-stage course with one case and the given mistake patterns.
function problems(stdout: unknown, mistakes?: object[], file = 'cases/echo/a.json'): string[] {
  const files: CourseFiles = {
    manifest: { file: 'stages/stages.json', text: JSON.stringify({ stages: [{ slug: 'echo', title: 'Echo', command: 'dispatch', ...(mistakes ? { mistakes } : {}) }] }) },
    caseSchema: { file: 'cases/case.schema.json', text: schema },
    caseFiles: [{ file, dir: 'echo', text: JSON.stringify(stdout === undefined ? { ...caseWith(undefined), expect: {} } : caseWith(stdout)) }],
    caseDirs: ['echo'],
    stageDocs: ['echo.md'],
  };
  return contentProblems(files, { stageTexts: { echo: TEXT }, caseDirEntries: { echo: ['a.json'] } }).filter((p) => !/Worked example|worked example/.test(p));
}

describe('validate refuses an expectation that accepts anything', () => {
  it.each<[string, unknown, RegExp | undefined]>([
    ['the whole stdout as {"$any": "any"}', { $any: 'any' }, /^cases\/echo\/a\.json: \$\.expect\.stdout: \{"\$any": "any"\} accepts any output.*record/],
    ['an empty $regex', { results: [{ content: { $regex: '' } }] }, /^cases\/echo\/a\.json: \$\.expect\.stdout\.results\[0\]\.content: \{"\$regex": ""\} matches every string.*anchor/],
    ['a $regex that matches the empty string', { results: [{ content: { $regex: 'x*' } }] }, /results\[0\]\.content: \{"\$regex": "x\*"\} matches every string/],
    ['an alternative that is empty', { results: [{ content: { $regex: 'ok|' } }] }, /matches every string/],
    ['a nested {"$any": "any"} (the key must be there)', { results: [{ content: { $any: 'any' } }] }, undefined],
    ['an anchored $regex', { results: [{ content: { $regex: '^Error: .+' } }] }, undefined],
    ['a plain document', expected, undefined],
  ])('%s', (_what, stdout, problem) => {
    const found = problems(stdout);
    if (problem) expect(found).toEqual([expect.stringMatching(problem)]);
    else expect(found).toEqual([]);
  });
});

describe('validate refuses a mistake pattern whose path no case of the stage expects', () => {
  const pattern = (path: string, extra: object = { matches: '^Error' }) => ({ path, hint: 'A hint long enough to say what to do next.', ...extra });
  it.each<[string, object, RegExp | undefined]>([
    ['a misspelt key', pattern('results[*].contnet'), /^stages\/stages\.json: \$\.stages\[0\]\.mistakes\[0\]\.path: "results\[\*\]\.contnet" names no value that any case of stage "echo" expects.*\(did you mean "results\[\*\]\.content"\?\)/],
    ['a key no case has', pattern('workspace', { absent: true }), /"workspace" names no value/],
    ['an index past every array', pattern('results[5].content'), /"results\[5\]\.content" names no value/],
    ['a key some case expects', pattern('results[*].is_error', { equals: false }), undefined],
    ['a fixed index that exists', pattern('results[1].content'), undefined],
    ['the whole document', pattern('stdout', { type: 'array' }), undefined],
    ['a "present" pattern (about a key the program adds)', pattern('workspace', { present: true }), undefined],
    ['a pattern on the exit code', pattern('exitCode', { equals: 1 }), undefined],
    ['a pattern on stderr', pattern('stderr', { matches: 'TypeError' }), undefined],
  ])('%s', (_what, mistake, problem) => {
    const found = problems(expected, [mistake]);
    if (problem) expect(found).toEqual([expect.stringMatching(problem)]);
    else expect(found).toEqual([]);
  });

  it('lists every path of an expected document as differences name them', () => {
    expect(expectedPaths({ a: [{ b: 1 }], 'odd key': { $any: 'string' } })).toEqual(['', 'a', 'a[0]', 'a[0].b', '["odd key"]']);
  });
});

describe('the advice for a case that grades nothing', () => {
  it.each([
    ['cases/echo/a.json', /record --stage echo$/],
    ['private/echo/a.json', /record --stage echo --cases private$/],
    ['/srv/class/hidden/echo/a.json', /record --stage echo --cases \/srv\/class\/hidden$/],
  ])('for %s names the command that fills it', (file, advice) => {
    expect(problems(undefined, undefined, file)).toEqual([expect.stringMatching(advice)]);
  });
});
