import { describe, expect, it } from 'vitest';
import { patchedFile, patchedSource } from '../../grader/course/core/mutant-patch.ts';

const original = 'one\ntwo\nthree\n';
const patch = ['// Mutant: two is shouted', '// Caught by: a', '--- a/reference/x.ts', '+++ b/reference/x.ts', '@@ -1,3 +1,3 @@', ' one', '-two', '+TWO', ' three', ''].join('\n');

describe('mutant patches', () => {
  it('name the file their diff changes, without the a/ and b/ prefixes', () => {
    expect(patchedFile(patch)).toBe('reference/x.ts');
    expect(patchedFile('// Mutant: x\n// Caught by: a\n')).toBeUndefined();
  });

  it.each<[string, string, string, ReturnType<typeof patchedSource>]>([
    ['applies to the file it was made from', patch, original, { ok: true, text: 'one\nTWO\nthree\n' }],
    ['applies where the file moved around the hunk', patch, 'zero\none\ntwo\nthree\nfour\n', { ok: true, text: 'zero\none\nTWO\nthree\nfour\n' }],
    ['does not apply once the changed line is gone', patch, 'one\n2\nthree\n', { ok: false, problem: "m.patch: the patch no longer applies to today's reference/x.ts: remake it against the current file (diff -u)" }],
    ['has no diff', '// Mutant: x\n// Caught by: a\n', original, { ok: false, problem: 'm.patch: the patch needs exactly one file\'s diff ("--- a/reference/…", "+++ b/reference/…", then its hunks)' }],
    ['changes nothing', patch.replace('+TWO', '+two'), original, { ok: false, problem: 'm.patch: the patch changes nothing' }],
  ])('%s', (_what, text, source, expected) => {
    expect(patchedSource(text, source, 'm.patch')).toEqual(expected);
  });
});
