import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collapsedText, MIN_RULE_CHARS, ruleProblems, ruleTemplate } from '../../grader/course/core/rule-quote.ts';

const stageText = (slug: string) => readFileSync(new URL(`../../stages/${slug}.md`, import.meta.url), 'utf8');
const ECHO = stageText('echo');
const VIEW = stageText('view');
// A sentence of the echo text that spans a line break there, and one of the view text that echo's does not hold.
const SPANNING = 'In this stage you build that function with exactly one tool,\n`echo`, which returns its text unchanged.';
const VIEW_ONLY = 'Every message repeats `<path>` exactly as the call gave it — never the host\'s temp directory.';

describe('ruleProblems', () => {
  it.each([
    ['the quote as the text has it', SPANNING],
    ['its line break as a space', SPANNING.replace('\n', ' ')],
    ['runs of whitespace and blanks at both ends', `  ${SPANNING.replace(/ /g, '   ').replace('\n', '\n\t')}\n`],
  ])('passes %s', (_, rule) => {
    expect(collapsedText(ECHO)).toContain(collapsedText(SPANNING));
    expect(ruleProblems(rule, 'echo', ECHO)).toEqual([]);
  });

  it('reports a case without a rule, naming the text to quote', () => {
    expect(ruleProblems(undefined, 'echo', ECHO)).toEqual(['$.rule: missing: quote the sentence of stages/echo.md this case pins']);
  });

  it('reports a changed word, and says where the quote stops agreeing with the text', () => {
    const changed = SPANNING.replace('unchanged', 'untouched');
    const [problem, ...rest] = ruleProblems(changed, 'echo', ECHO);
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^\$\.rule: not in stages\/echo\.md: "In this stage you build that function with exactly one tool, `echo`, which retur…"; the text agrees up to "…/);
    expect(problem).toContain('`echo`, which returns its text un", then differs: quote the text word for word');
  });

  it('reports a quote of another stage\'s text', () => {
    expect(collapsedText(VIEW)).toContain(VIEW_ONLY);
    expect(collapsedText(ECHO)).not.toContain(VIEW_ONLY);
    expect(ruleProblems(VIEW_ONLY, 'echo', ECHO)).toEqual([expect.stringMatching(/^\$\.rule: not in stages\/echo\.md: /)]);
    expect(ruleProblems(VIEW_ONLY, 'view', VIEW)).toEqual([]);
  });

  it('leaves a quote under the minimum to the schema, and reports one that only whitespace made long enough', () => {
    const short = 'returns its text unc'.slice(0, MIN_RULE_CHARS - 1);
    expect(collapsedText(ECHO)).toContain(short);
    expect(ruleProblems(short, 'echo', ECHO)).toEqual([]);
    expect(ruleProblems('', 'echo', ECHO)).toEqual([]);
    expect(ruleProblems(`${short}  `, 'echo', ECHO)).toEqual([`$.rule: too short (${MIN_RULE_CHARS - 1} characters once whitespace is collapsed): quote a whole sentence of stages/echo.md, at least ${MIN_RULE_CHARS} characters`]);
    expect(ruleProblems(' '.repeat(MIN_RULE_CHARS), 'echo', ECHO)).toEqual([expect.stringMatching(/^\$\.rule: too short \(0 characters/)]);
  });

  it('reports the placeholder new case writes', () => {
    expect(ruleProblems(ruleTemplate('echo'), 'echo', ECHO)).toEqual(["$.rule: still the template's TODO: quote the sentence of stages/echo.md this case pins"]);
  });

  it('leaves a rule of the wrong type, or a stage without a text, to the loader', () => {
    expect(ruleProblems(42, 'echo', ECHO)).toEqual([]);
    expect(ruleProblems(SPANNING, 'echo', undefined)).toEqual([]);
    expect(ruleProblems(undefined, 'echo', undefined)).toEqual([]);
  });
});
