import { describe, expect, it } from 'vitest';
import { isNewSincePass, newCasesNote, newCasesNotes, newFailingCases, type StageMemory } from '../../grader/course/core/new-since-pass.ts';

describe('newFailingCases', () => {
  it.each<[string, StageMemory, string[]]>([
    ['never passed', { failedCases: ['cases/echo/a.json'] }, []],
    ['nothing failed', { passedCases: ['cases/echo/a.json'], failedCases: [] }, []],
    ['no failure recorded', { passedCases: ['cases/echo/a.json'] }, []],
    ['only cases added since the pass fail', { passedCases: ['cases/echo/a.json', 'cases/echo/b.json'], failedCases: ['cases/echo/c.json', 'cases/echo/d.json'] }, ['cases/echo/c.json', 'cases/echo/d.json']],
    ['a case passed before fails again: a regression', { passedCases: ['cases/echo/a.json'], failedCases: ['cases/echo/a.json', 'cases/echo/c.json'] }, []],
  ])('%s', (_, memory, expected) => {
    expect(newFailingCases(memory)).toEqual(expected);
  });
});

describe('newCasesNote', () => {
  it.each<[string[], string | undefined]>([
    [[], undefined],
    [['Null is a value'], '1 case is new since you passed this stage: Null is a value'],
    [['A', 'B'], '2 cases are new since you passed this stage: A, B'],
  ])('%j', (names, expected) => {
    expect(newCasesNote(names)).toBe(expected);
  });
});

describe('newCasesNotes', () => {
  it('notes only the stages that fail on new cases alone, with the names students see', () => {
    const memories: Record<string, StageMemory> = {
      echo: { passedCases: ['e/a'], failedCases: ['e/b'] },
      view: { passedCases: ['v/a'], failedCases: ['v/a'] },
    };
    const notes = newCasesNotes(memories, ['echo', 'view', 'grep'], (file) => `name of ${file}`);
    expect([...notes]).toEqual([['echo', '1 case is new since you passed this stage: name of e/b']]);
  });
});

describe('isNewSincePass', () => {
  it.each<[string, string, readonly string[] | undefined, boolean]>([
    ['a case the last pass did not have is new', 'cases/echo/b.json', ['cases/echo/a.json'], true],
    ['a case the last pass had is not', 'cases/echo/a.json', ['cases/echo/b.json', 'cases/echo/a.json'], false],
    ['nothing is new in a stage never passed', 'cases/echo/a.json', undefined, false],
  ])('%s', (_, file, passed, isNew) => {
    expect(isNewSincePass({ file }, passed)).toBe(isNew);
  });
});
