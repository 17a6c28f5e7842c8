// Every one-bug mutant (test/mutants/<stage>/<bug>.patch) carries a `// Hint:` line: the library of known mistakes
// shows it in the failure block of a student whose output is exactly that mutant's, so it must say what to change, in
// one line of reasonable length, and not just say the mistake again.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageVariants } from '../../grader/known/io/variants.ts';
import { repoRoot } from '../e2e/cli.ts';

const MIN_HINT_CHARS = 30;
const MAX_HINT_CHARS = 160;
const variants = [...stageVariants(join(repoRoot, 'test/mutants'))].flatMap(([stage, list]) => list.map((v) => ({ id: `${stage}/${v.name}`, ...v })));

// The words of a line, lower-cased, without punctuation or backticks.
function words(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

describe('the hints of the mutants', () => {
  it('finds the mutants', () => expect(variants.length).toBeGreaterThan(100));

  it('gives every mutant a "// Hint:" line (add one under its "// Caught by:" line)', () => {
    expect(variants.filter((v) => v.hint === undefined).map((v) => v.id)).toEqual([]);
  });

  it(`keeps every hint between ${MIN_HINT_CHARS} and ${MAX_HINT_CHARS} characters, one sentence ending with a full stop`, () => {
    const bad = variants.filter((v) => v.hint !== undefined && (v.hint.length < MIN_HINT_CHARS || v.hint.length > MAX_HINT_CHARS || !v.hint.endsWith('.')));
    expect(bad.map((v) => `${v.id} (${v.hint?.length} chars): ${v.hint}`)).toEqual([]);
  });

  it('says what to do rather than repeating the "// Mutant:" line', () => {
    const repeats = variants.filter((v) => v.hint !== undefined && (words(v.hint) === words(v.description) || words(v.description).includes(words(v.hint))));
    expect(repeats.map((v) => v.id)).toEqual([]);
  });

  it('gives each mutant of a stage its own hint', () => {
    const seen = new Map<string, string>();
    const twice = variants.filter((v) => {
      const key = `${v.stage}\n${v.hint}`;
      const first = seen.get(key);
      seen.set(key, v.id);
      return first !== undefined;
    });
    expect(twice.map((v) => v.id)).toEqual([]);
  });
});
