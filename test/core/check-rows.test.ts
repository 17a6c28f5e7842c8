import { describe, expect, it } from 'vitest';
import { CHECK_ROWS, checkExitCode, checkTally, commandVerdict, OUTPUT_LINES, problemsVerdict, rowLines, stageFileProblems, undeclaredCommands } from '../../grader/course/core/check-rows.ts';
import { MIN_MUTANTS, mutantCountProblems, mutantHeader, mutantProblem, type Mutant } from '../../grader/course/core/mutants.ts';

const row = CHECK_ROWS[4]!;
const mutant: Mutant = { stage: 'echo', name: 'trimmed-name', file: '/m/echo/trimmed-name.patch', replaces: 'reference/execute.ts', caughtBy: ['names-are-not-trimmed', 'other'], mistake: 'x', patch: '' };

describe('check rows', () => {
  it.each<[string, number, string, { ok: boolean; summary: RegExp; details: string[] }]>([
    ['exit 0 passes with the command\'s last line', 0, 'a\nverified 3 stages\n', { ok: true, summary: /^verified 3 stages$/, details: [] }],
    ['exit 1 fails, showing what it printed', 1, 'stage echo\n  starter passes: x\n', { ok: false, summary: /^failed; alone: npx dispatch-lab verify$/, details: ['stage echo', '  starter passes: x'] }],
    ['another exit could not run', 2, 'dispatch-lab: no program.ts\n', { ok: false, summary: /^could not run \(exit 2\); alone: npx dispatch-lab verify$/, details: ['dispatch-lab: no program.ts'] }],
  ])('%s', (_what, exitCode, output, expected) => {
    const verdict = commandVerdict(row, exitCode, output);
    expect(verdict.ok).toBe(expected.ok);
    expect(verdict.summary).toMatch(expected.summary);
    expect(verdict.details).toEqual(expected.details);
  });

  it('cuts a long output and says how to see the rest', () => {
    const output = Array.from({ length: OUTPUT_LINES + 5 }, (_, i) => `line ${i}`).join('\n');
    const details = commandVerdict(row, 1, output).details;
    expect(details).toHaveLength(OUTPUT_LINES + 1);
    expect(details.at(-1)).toBe('… 5 more lines: run npx dispatch-lab verify');
  });

  it('finds a stage without its text or its cases, a draft excused from cases', () => {
    const stages = [{ slug: 'echo', command: 'dispatch' }, { slug: 'ls', command: 'dispatch' }, { slug: 'wip', command: 'dispatch', draft: true }];
    expect(stageFileProblems(stages, ['echo.md', 'wip.md'], ['echo'])).toEqual([
      'stages/ls.md: missing: write the stage text (npx dispatch-lab new stage writes one with its sections)',
      'cases/ls/: missing: add the stage\'s cases (npx dispatch-lab new case ls "<name>")',
    ]);
  });

  it('names a command program.ts does not declare', () => {
    expect(undeclaredCommands([{ slug: 'echo', command: 'dispatch' }, { slug: 'observe', command: 'observe' }], ['dispatch', 'loop'])).toEqual([
      'stages/stages.json: stage "observe": command "observe" is not one of program.ts\'s (dispatch, loop): declare it, or name one of those',
    ]);
  });

  it('prints a row with its number and details, a tally, and exits 1 when a row fails', () => {
    const verdicts = [problemsVerdict(CHECK_ROWS[0]!, [], 'fine'), problemsVerdict(CHECK_ROWS[5]!, ['a\nb'], 'unused')];
    expect(rowLines(verdicts[1]!, 6)).toEqual([`✗ 6. ${CHECK_ROWS[5]!.title}: 1 problem; alone: npx vitest run test/mutants`, '    a', '    b']);
    expect(rowLines(verdicts[0]!, 1)).toEqual([`✓ 1. ${CHECK_ROWS[0]!.title}: fine`]);
    expect(checkTally(verdicts)).toBe('check: 1 of 2 rows fail');
    expect(checkExitCode(verdicts)).toBe(1);
    expect(checkExitCode(verdicts.slice(0, 1))).toBe(0);
  });
});

describe('mutant rules', () => {
  it.each<[string, string, ReturnType<typeof mutantHeader>]>([
    ['a full header', '// Mutant: x\n// Caught by: a, b\n--- a/reference/execute.ts\n', { mistake: 'x', caughtBy: ['a', 'b'] }],
    ['a header with a hint', '// Mutant: x\n// Caught by: a\n// Hint: do y\n', { mistake: 'x', caughtBy: ['a'], hint: 'do y' }],
    ['no Caught by line', '// Mutant: x\n--- a/reference/execute.ts\n', 'f.patch: the header needs "// Mutant: <the mistake>" and "// Caught by: <case file name>, …" lines'],
    ['no Mutant line', '// Caught by: a\n', 'f.patch: the header needs "// Mutant: <the mistake>" and "// Caught by: <case file name>, …" lines'],
  ])('%s', (_what, text, expected) => {
    expect(mutantHeader(text, 'f.patch')).toEqual(expected);
  });

  it.each<[string, { failed: string[]; total: number }, string | undefined]>([
    ['caught by a case its header names', { failed: ['other'], total: 1 }, undefined],
    ['survives', { failed: [], total: 12 }, 'echo/trimmed-name survived all 12 cases: add a case that catches it, and name it in its "// Caught by:" line'],
    ['caught by another case', { failed: ['unknown-tool'], total: 12 }, 'echo/trimmed-name is caught by unknown-tool, not by names-are-not-trimmed, other as its header says: correct its "// Caught by:" line'],
  ])('a mutant %s', (_what, grade, expected) => {
    expect(mutantProblem(mutant, { ...grade, exitCode: 1, output: '' })).toBe(expected);
  });

  it('says so when no case was graded at all', () => {
    expect(mutantProblem(mutant, { failed: [], total: 0, exitCode: 2, output: 'boom' })).toBe('echo/trimmed-name: no case was graded (exit 2)\nboom');
  });

  it(`wants ${MIN_MUTANTS} for each stage that is not a draft, and folders named after stages`, () => {
    const stages = [{ slug: 'echo' }, { slug: 'observe' }, { slug: 'wip', draft: true }];
    const counts = new Map([['echo', MIN_MUTANTS], ['observe', 2], ['obsreve', 1]]);
    expect(mutantCountProblems(stages, counts, 'test/mutants')).toEqual([
      `test/mutants/observe/: 2 mutants, a stage needs at least ${MIN_MUTANTS}: add one-bug variants of the reference (see "Mutants" in docs/authoring.md)`,
      'test/mutants/obsreve/: no stage "obsreve" in stages/stages.json (did you mean "observe"?): rename the folder after its stage',
    ]);
  });
});
