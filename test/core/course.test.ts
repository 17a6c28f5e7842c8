import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { readCourseFiles, type CourseFiles } from '../../grader/course/core/course.ts';

const schema = readFileSync(new URL('../../cases/case.schema.json', import.meta.url), 'utf8');
const manifest = JSON.stringify({ stages: [{ slug: 'echo', title: 'Echo', command: 'dispatch' }] });
const goodCase = { name: 'n', hint: 'h', input: {}, expect: { exitCode: 0 } };

function files(overrides: Partial<CourseFiles> = {}): CourseFiles {
  return {
    manifest: { file: 'stages/stages.json', text: manifest },
    caseSchema: { file: 'cases/case.schema.json', text: schema },
    caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: JSON.stringify(goodCase) }],
    caseDirs: ['echo'],
    stageDocs: ['echo.md'],
    ...overrides,
  };
}

function problemsOf(overrides: Partial<CourseFiles>): string[] {
  const result = readCourseFiles(files(overrides));
  return result.ok ? [] : result.problems;
}

describe('readCourseFiles', () => {
  it('reads a consistent course', () => {
    const result = readCourseFiles(files());
    expect(result.ok && result.course.cases).toEqual([{ ...goodCase, stage: 'echo', file: 'cases/echo/a.json' }]);
  });

  it.each<[string, Partial<CourseFiles>, string[]]>([
    ['invalid JSON names line and column', { caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: '{\n  "name": "n",\n}' }] },
      ['cases/echo/a.json: invalid JSON at line 2, column 14: a trailing comma is not allowed in JSON']],
    ['truncated JSON', { caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: '{"name":' }] },
      ['cases/echo/a.json: invalid JSON at line 1, column 9: expected a value']],
    ['schema errors name the JSON path, all at once', { caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: JSON.stringify({ name: 'n', input: {}, expect: { exitCode: 'zero', stdot: 1 } }) }] },
      ['cases/echo/a.json: $: missing required property "hint"', 'cases/echo/a.json: $.expect: unknown property "stdot" (did you mean "stdout"?)', 'cases/echo/a.json: $.expect.exitCode: must be integer']],
    ['duplicate names in a stage', { caseFiles: ['a', 'b'].map((n) => ({ file: `cases/echo/${n}.json`, dir: 'echo', text: JSON.stringify(goodCase) })) },
      ['cases/echo/b.json: duplicate case name "n" (also in cases/echo/a.json)']],
    ['a stage without cases', { caseFiles: [], caseDirs: [] },
      ['stages/stages.json: stage "echo" has no cases (expected a folder cases/echo/)']],
    ['a case folder not in the manifest', { caseDirs: ['echo', 'extra'] }, ['cases/extra/: folder is not a stage in stages/stages.json']],
    ['a stage text not in the manifest', { stageDocs: ['echo.md', 'old.md'] }, ['stages/old.md: not a stage in stages/stages.json']],
    ['a stage without instructions', { stageDocs: [] }, ['stages/stages.json: stage "echo" has no instructions (expected stages/echo.md)']],
    ['a matcher that cannot work', { caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: JSON.stringify({ ...goodCase, expect: { stdout: { results: [{ content: { $regex: '(' } }, { id: { $any: 'text' } }] } } }) }] },
      ['cases/echo/a.json: $.expect.stdout.results[0].content: "$regex" is not a valid regular expression: "(" (RE2 syntax, which runs in linear time: no lookaround, no backreferences; error parsing regexp: missing closing ): `(`)', 'cases/echo/a.json: $.expect.stdout.results[1].id: "$any" must be one of string, number, integer, boolean, null, array, object, any, got "text"']],
    ['a lookahead, which RE2 cannot run in linear time', { caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: JSON.stringify({ ...goodCase, expect: { stdout: { id: { $regex: '^(?=a)' } } } }) }] },
      ['cases/echo/a.json: $.expect.stdout.id: "$regex" is not a valid regular expression: "^(?=a)" (RE2 syntax, which runs in linear time: no lookaround, no backreferences; error parsing regexp: invalid or unsupported Perl syntax: `(?=`)']],
    ['sandbox paths that leave the sandbox or name no file', { caseFiles: [{ file: 'cases/echo/a.json', dir: 'echo', text: JSON.stringify({ ...goodCase, input: { sandbox: { '../../../x': '', '.': '', '': '', '/etc/passwd': '', 'a/../../b': '', 'dir/': 'text', 'ok/a..b.txt': '', 'empty/': '' } } }) }] },
      [
        'cases/echo/a.json: $.input.sandbox["../../../x"]: a sandbox path must name a file inside the sandbox; this one contains ".." (it would climb out of the sandbox)',
        'cases/echo/a.json: $.input.sandbox["."]: a sandbox path must name a file inside the sandbox; this one names the sandbox folder itself, not a file in it',
        'cases/echo/a.json: $.input.sandbox[""]: a sandbox path must name a file inside the sandbox; this one is empty',
        'cases/echo/a.json: $.input.sandbox["/etc/passwd"]: a sandbox path must name a file inside the sandbox; this one is absolute',
        'cases/echo/a.json: $.input.sandbox["a/../../b"]: a sandbox path must name a file inside the sandbox; this one contains ".." (it would climb out of the sandbox)',
        'cases/echo/a.json: $.input.sandbox["dir/"]: a sandbox path must name a file inside the sandbox; this one ends with "/", which declares an empty directory: its value must be ""',
      ]],
    ['a case schema ajv cannot compile', { caseSchema: { file: 'cases/case.schema.json', text: JSON.stringify({ type: 'objekt' }) } },
      ['cases/case.schema.json: cannot be used as a JSON Schema: type must be JSONType or JSONType[]: objekt']],
    ['a bad manifest entry', { manifest: { file: 'stages/stages.json', text: JSON.stringify({ stages: [{ slug: 'Echo Stage', title: 'x' }] }) } },
      ['stages/stages.json: $.stages[0]: missing required property "command"', 'stages/stages.json: $.stages[0].slug: must match pattern "^[a-z0-9]+(-[a-z0-9]+)*$"']],
  ])('%s', (_, overrides, problems) => {
    expect(problemsOf(overrides)).toEqual(problems);
  });
});

// The loader compiles the case schema without checking it against JSON Schema's meta-schema (that costs every run about
// 30 ms): the shipped one is checked here instead.
it("the shipped case schema is valid against JSON Schema's meta-schema", () => {
  const ajv = new Ajv({ strict: false });
  expect(ajv.validateSchema(JSON.parse(schema) as object), ajv.errorsText(ajv.errors)).toBe(true);
});
