// The held-out scorer's pure parts: reading a variant's header and patch, and scoring a first failure block.
import { describe, expect, it } from 'vitest';
import { parseVariant, patchedSource, type HeldOutVariant } from '../../scripts/held-out/variant-patch.ts';
import { answerLines, scoreGrade, totalsOf } from '../../scripts/held-out/score.ts';
import { resultsMarkdown } from '../../scripts/held-out/results-markdown.ts';

const diff = ['--- a/reference/x.ts', '+++ b/reference/x.ts', '@@ -1,2 +1,2 @@', ' one', '-two', '+2', ''].join('\n');
const header = (mistake: string, names: string) => `// Mistake: ${mistake}\n// Names: ${names}\n`;

describe('parseVariant', () => {
  it('reads the header and the target of the diff', () => {
    const variant = parseVariant('view', 'v', header('m', 'two|2') + diff, 'f.patch') as HeldOutVariant;
    expect([variant.mistake, variant.names, variant.target]).toEqual(['m', 'two|2', 'reference/x.ts']);
  });
  it.each([
    ['no header', diff, /no "\/\/ Mistake/],
    ['a regex that does not compile', header('m', '(open') + diff, /does not compile/],
    ['no diff', header('m', 'x'), /has no diff/],
    ['two files', header('m', 'x') + diff + diff.replaceAll('x.ts', 'y.ts'), /holds 2 file diffs/],
    ['a file outside reference/', header('m', 'x') + diff.replaceAll('reference/x.ts', 'grader/x.ts'), /not a file of reference/],
  ])('refuses a file with %s', (_label, text, problem) => {
    expect((parseVariant('view', 'v', text, 'f.patch') as { problem: string }).problem).toMatch(problem);
  });
});

describe('patchedSource', () => {
  const variant = parseVariant('view', 'v', header('m', 'x') + diff, 'f.patch') as HeldOutVariant;
  it('applies the patch', () => expect(patchedSource(variant, 'one\ntwo\n')).toBe('one\n2\n'));
  it('says when the file moved', () => expect((patchedSource(variant, 'one\nthree\n') as { problem: string }).problem).toMatch(/no longer applies to today's reference\/x\.ts/));
});

const block = (answers: string[]) => ['✗ view › a case  cases/view/a.json', '  what differs:', '    results[0].content: expected "", received "1: "', ...answers, "  rerun:     npx dispatch-lab test --stage view --case 'a case'"].join('\n');
const output = (answers: string[]) => `view\n${block(answers)}\n\n✗ view › another  cases/view/b.json\n  hint: second block\n  rerun: x\n`;
const variant = { stage: 'view', name: 'v', mistake: 'm', names: 'empty file' };

describe('scoreGrade', () => {
  it.each([
    ['a hint that matches', ['  hint: an empty file has no lines'], 'hint: an empty file has no lines', 0],
    ["a known mistake's own hint that matches", ['  known mistake: other words', '  its hint: an empty file has no lines', '  hint: the rule'], 'its hint: an empty file has no lines', 1],
    ['a likely mistake that matches', ['  likely mistake: the empty file was split'], 'likely mistake: the empty file was split', 0],
    ['an assertion of another mistake', ['  known mistake: slice(start - 1, end) drops the last line', '  hint: the empty file'], 'hint: the empty file', 1],
    ['nothing that matches', ['  note: one line more than expected'], undefined, 0],
    ['a match only in the second block', [], undefined, 0],
  ])('a first block with %s', (_label, answers, namedBy, misfires) => {
    const score = scoreGrade(variant, 1, output(answers));
    expect(score.block).toBe(block(answers));
    expect([score.status, score.namedBy, score.unmatchedAssertions.length]).toEqual(['failed', namedBy, misfires]);
  });
  it('calls a stage that passed "passed", with no block', () => expect([scoreGrade(variant, 0, 'view ✓').status, scoreGrade(variant, 0, 'view ✓').block]).toEqual(['passed', undefined]));
  it('calls exit 2 a fault, with the output as its problem', () => expect(scoreGrade(variant, 2, 'grader: bad case file\n')).toMatchObject({ status: 'fault', problem: 'grader: bad case file' }));
  it('reads the answering lines of a block', () => expect(answerLines(block(['  note: a', '  known mistake: b', '  hint: c']))).toEqual(['note: a', 'known mistake: b', 'hint: c']));
});

describe('totalsOf and the results page', () => {
  const scores = [scoreGrade(variant, 1, output(['  hint: empty file'])), scoreGrade(variant, 1, output(['  likely mistake: other'])), scoreGrade({ ...variant, name: 'w' }, 0, '')];
  it('counts named among the failing variants only', () => {
    expect(totalsOf(scores)).toEqual({ variants: 3, failed: 2, named: 1, possibleMisfires: 1, passed: 1, faults: 0, namedPercent: '50.0 %' });
  });
  it('shows each block verbatim in a fence longer than its backticks', () => {
    const withTicks = scoreGrade(variant, 1, output(['  hint: use ```code``` for an empty file']));
    const page = resultsMarkdown([withTicks], totalsOf([withTicks]), { commit: 'abc', date: 'today', durationS: 1 });
    expect(page).toContain(`\`\`\`\`text\n${withTicks.block}\n\`\`\`\``);
  });
});
