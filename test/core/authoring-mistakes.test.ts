import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseFiles } from '../../grader/course/core/course.ts';
import { contentProblems } from '../../grader/course/core/content-rules.ts';

// The authoring mistakes a new instructor made (issue 23), each as validate reports it: one line naming the file, the
// JSON path and what to do. (record's own mistakes, an answer key made of a grader error and a dropped matcher, are
// checked where record decides: test/e2e/record-unknown-command.test.ts and test/core/record-faults.test.ts.)
const schema = readFileSync(new URL('../../cases/case.schema.json', import.meta.url), 'utf8');
const MANIFEST = 'stages/stages.json';
const stage = (slug: string, command: string, extra: object = {}) => ({ slug, title: slug, command, ...extra });
const aCase = (input: unknown, expect: unknown = { stdout: { results: [{ content: 'x' }] } }) => ({ name: 'a case', hint: 'Check what the stage text says about it.', input, expect });

// The problems validate finds in a course of these stages and case files (path → data).
function problemsOf(stages: object[], cases: Record<string, unknown>): string[] {
  const caseFiles = Object.entries(cases).map(([file, data]) => ({ file, dir: file.split('/').at(-2) as string, text: JSON.stringify(data) }));
  const files: CourseFiles = {
    manifest: { file: MANIFEST, text: JSON.stringify({ stages }) },
    caseSchema: { file: 'cases/case.schema.json', text: schema },
    caseFiles,
    caseDirs: [...new Set(caseFiles.map((f) => f.dir))],
    stageDocs: [],
  };
  return contentProblems(files, { stageTexts: {}, caseDirEntries: {} });
}

const dispatchStages = [stage('echo', 'dispatch'), stage('view', 'dispatch')];
const viewCase = (input: unknown, expect?: unknown) => ({ 'cases/view/a-case.json': aCase(input, expect) });

describe('every authoring mistake of issue 23 is named with its file, its JSON path and what to do', () => {
  it.each<[string, object[], Record<string, unknown>, RegExp]>([
    ['a tool name with a typo ("veiw")', dispatchStages, viewCase({ calls: [{ tool: 'veiw', input: { path: 'a' } }] }),
      /^cases\/view\/a-case\.json: \$\.input\.calls\[0\]\.tool: unknown tool "veiw" \(did you mean "view"\?\);.*if the case sends it on purpose, add "sendsBadCalls": true to the case$/],
    ['a parameter with a typo ("paht")', dispatchStages, viewCase({ calls: [{ tool: 'view', input: { paht: 'a' } }] }),
      /^cases\/view\/a-case\.json: \$\.input\.calls\[0\]\.input\.paht: view has no parameter "paht" \(did you mean "path"\?\);.*add "sendsBadCalls": true to the case$/],
    ['a typo in a later command\'s call (the loop\'s scripted model)', [stage('tool-loop', 'loop')], { 'cases/tool-loop/a-case.json': aCase({ user: 'go', model: [{ tool_calls: [{ name: 'veiw', arguments: { path: 'a' } }] }] }) },
      /^cases\/tool-loop\/a-case\.json: \$\.input\.model\[0\]\.tool_calls\[0\]\.name: unknown tool "veiw" \(did you mean "view"\?\);.*add "sendsBadCalls": true to the case$/],
    ['an expectation that accepts any output ({"$any": "any"})', dispatchStages, viewCase({ calls: [] }, { stdout: { $any: 'any' } }),
      /^cases\/view\/a-case\.json: \$\.expect\.stdout: \{"\$any": "any"\} accepts any output, so the case grades nothing: expect the document the reference prints \(npx dispatch-lab record\)/],
    ['a $regex that matches the empty string', dispatchStages, viewCase({ calls: [] }, { stdout: { results: [{ content: { $regex: '' } }] } }),
      /^cases\/view\/a-case\.json: \$\.expect\.stdout\.results\[0\]\.content: \{"\$regex": ""\} matches every string \(it matches the empty one\): anchor it/],
    ['a mistake pattern whose path is misspelt (results[*].contnet)', [stage('echo', 'dispatch', { mistakes: [{ path: 'results[*].contnet', equals: 'x', hint: 'A hint long enough to pass the rule.' }] })], { 'cases/echo/a-case.json': aCase({ calls: [{ tool: 'echo', input: { text: 'x' } }] }) },
      /^stages\/stages\.json: \$\.stages\[0\]\.mistakes\[0\]\.path: "results\[\*\]\.contnet" names no value that any case of stage "echo" expects, so the pattern never fires \(did you mean "results\[\*\]\.content"\?\): use a path of the expected output/],
    ['an empty expectation in a private case folder (the advice names --cases DIR)', dispatchStages, { 'class/view/a-case.json': aCase({ calls: [] }, {}) },
      /^class\/view\/a-case\.json: \$\.expect: grades nothing .*run npx dispatch-lab record --stage view --cases class$/],
    ['a manifest command with a typo', [stage('echo', 'dispatc')], {},
      /^stages\/stages\.json: \$\.stages\[0\]\.command: unknown command "dispatc" \(did you mean "dispatch"\?\)$/],
  ])('%s', (_what, stages, cases, expected) => {
    expect(problemsOf(stages, cases)).toContainEqual(expect.stringMatching(expected));
  });
});
