// bench/RESULTS.md's sections: a part of `npm run bench` replaces only its own section and keeps the others in place.
import { describe, expect, it } from 'vitest';
import { replaceSection, sectionsOf } from '../../scripts/bench-sections.mjs';

const FILE = '# Benchmark\n\nmain table\n\n## Similarity\n\nold similarity\n\n## Grading a class\n\nold grading\n';

describe('replaceSection', () => {
  it.each<[string, string, string, string]>([
    ['a middle section, the one after kept', '## Similarity', '## Similarity\n\nnew\n', '# Benchmark\n\nmain table\n\n## Similarity\n\nnew\n\n## Grading a class\n\nold grading\n'],
    ['the last section', '## Grading a class', '## Grading a class\n\nnew\n', '# Benchmark\n\nmain table\n\n## Similarity\n\nold similarity\n\n## Grading a class\n\nnew\n'],
    ['a new section goes last', '## Where the time goes', '## Where the time goes\n\nnew\n', `${FILE}\n## Where the time goes\n\nnew\n`],
    ['a heading only as a prefix of another is not that section', '## Grading', '## Grading\n\nnew\n', `${FILE}\n## Grading\n\nnew\n`],
  ])('%s', (_, heading, section, want) => {
    expect(replaceSection(FILE, heading, section)).toBe(want);
  });

  it('lists the sections to carry over when the main table is written anew', () => {
    expect(sectionsOf(FILE)).toEqual(['## Similarity\n\nold similarity', '## Grading a class\n\nold grading']);
  });
});
