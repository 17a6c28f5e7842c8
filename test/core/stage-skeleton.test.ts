import { describe, expect, it } from 'vitest';
import { caseFileName, caseText, EXAMPLE_RULE, manifestWithStage, stageText } from '../../grader/course/core/stage-skeleton.ts';
import { ruleProblems } from '../../grader/course/core/rule-quote.ts';
import { stageTextProblems } from '../../grader/course/core/content-rules.ts';
import { starterStubs } from '../../grader/course/core/starter-stubs.ts';

const STAGE = { slug: 'ls', title: 'ls: list a folder', command: 'dispatch', after: 'echo' };

describe('manifestWithStage', () => {
  it('inserts the entry after the named stage and keeps every other byte', () => {
    const text = '{\n  "stages": [\n    { "slug": "echo", "title": "E", "command": "dispatch" },\n    { "slug": "view", "title": "V", "command": "dispatch",\n      "points": 3 }\n  ]\n}\n';
    expect(manifestWithStage(text, STAGE)).toEqual({ ok: true, text: '{\n  "stages": [\n    { "slug": "echo", "title": "E", "command": "dispatch" },\n    { "slug": "ls", "title": "ls: list a folder", "command": "dispatch", "draft": true },\n    { "slug": "view", "title": "V", "command": "dispatch",\n      "points": 3 }\n  ]\n}\n' });
    expect(manifestWithStage(text, { ...STAGE, after: 'view' })).toMatchObject({ ok: true, text: expect.stringContaining('"points": 3 },\n    { "slug": "ls"') });
    expect(manifestWithStage(text, { ...STAGE, after: 'nope' })).toEqual({ ok: false, problem: 'stage "nope" is not in the manifest' });
  });
});

describe('stageText', () => {
  it('has every required section and the command that grades it, and its worked example parses', () => {
    expect(stageTextProblems(stageText(STAGE), 'ls')).toEqual([]);
  });

  it('holds the sentence its example case quotes, so the new stage\'s rule is valid as written', () => {
    expect(ruleProblems(EXAMPLE_RULE, 'ls', stageText(STAGE))).toEqual([]);
  });
});

describe('case templates', () => {
  it.each([['Read is routed to view', 'read-is-routed-to-view.json'], ['  Élan: 2 files!  ', 'elan-2-files.json'], ['???', 'case.json']])('%j → %s', (name, file) => {
    expect(caseFileName(name)).toBe(file);
  });

  it('starts with an empty expectation for record to fill', () => {
    expect(JSON.parse(caseText('n', 'loop', 'the rule of n, quoted'))).toEqual({ $schema: '../case.schema.json', name: 'n', hint: expect.stringMatching(/^TODO/), rule: 'the rule of n, quoted', input: { user: 'Say hello.', model: [{ content: 'Hello.' }] }, expect: {} });
  });
});

describe('starterStubs', () => {
  it('finds every NotImplementedError a starter throws, once, sorted', () => {
    expect(starterStubs(["throw new NotImplementedError('Tools.view in src/tools.ts');", 'throw new NotImplementedError("makeExecute in src/execute.ts"); new NotImplementedError(\'Tools.view in src/tools.ts\')'])).toEqual(['Tools.view in src/tools.ts', 'makeExecute in src/execute.ts']);
  });
});
