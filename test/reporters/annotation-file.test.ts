import { describe, expect, it } from 'vitest';
import { annotationPlace, type SourceFiles } from '../../grader/report/core/annotation-file.ts';
import { stageSourceFiles } from '../../grader/report/core/stage-source-files.ts';

// A course at /home/s/repo/course holding program.ts, src/execute.ts, src/tools.ts and harness/run.ts; the view stage's
// text puts its code in src/tools.ts then src/execute.ts, the loop stage's in src/loop.ts (which this course lacks).
function course(repoPrefix = 'course'): SourceFiles {
  const files = new Set(['program.ts', 'src/execute.ts', 'src/tools.ts', 'harness/run.ts']);
  const named: Record<string, string[]> = { view: ['src/tools.ts', 'src/execute.ts'], loop: ['src/loop.ts'], both: ['src/loop.ts', 'src/execute.ts'] };
  return { courseDir: '/home/s/repo/course', repoPrefix, exists: (p) => files.has(p), stageFiles: (slug) => named[slug] ?? [] };
}

describe('annotationPlace', () => {
  it.each([
    ['a stack frame under the course directory', ['Error: boom\n    at execute (/home/s/repo/course/src/execute.ts:4:11)'], { file: 'course/src/execute.ts', line: 4, col: 11 }],
    ['a file URL frame', ['    at file:///home/s/repo/course/src/tools.ts:12:3'], { file: 'course/src/tools.ts', line: 12, col: 3 }],
    ['a build error relative to the course', ['src/execute.ts:3:7: Expected ";" but found "x"'], { file: 'course/src/execute.ts', line: 3, col: 7 }],
    ['a path seen inside a sandbox, shortened until it names a course file', ['at /course/src/tools.ts:9:1'], { file: 'course/src/tools.ts', line: 9, col: 1 }],
    ['a line without a column', ['src/tools.ts:5'], { file: 'course/src/tools.ts', line: 5 }],
    ['the first text that names one', ['no location here', 'at x (/home/s/repo/course/src/tools.ts:2:2)'], { file: 'course/src/tools.ts', line: 2, col: 2 }],
  ])('%s', (_, texts, place) => {
    expect(annotationPlace(texts, course())).toEqual(place);
  });

  it.each([
    ['a case file inside the grader package', ['/home/s/repo/course/node_modules/dispatch-lab/cases/echo/x.json:1:1 at /home/s/repo/course/node_modules/dispatch-lab/harness/run.ts:3:1']],
    ['the build output', ['at /home/s/repo/course/.dispatch-lab/build/w/program.mjs:10:2']],
    ['a file the course does not hold', ['at /elsewhere/lib/thing.ts:1:1', 'node:internal/modules/run_main:123:26']],
    ['a path that climbs out', ['../../etc/x.ts:1:1']],
  ])('names program.ts for %s', (_, texts) => {
    expect(annotationPlace(texts, course())).toEqual({ file: 'course/program.ts' });
  });

  it.each<[string, string | undefined, string]>([
    ['the first file the stage text names, when nothing in the failure names one', 'view', 'course/src/tools.ts'],
    ['the first named file the course holds', 'both', 'course/src/execute.ts'],
    ['program.ts when the course holds none of the named files', 'loop', 'course/program.ts'],
    ['program.ts for a stage whose text names none', 'echo', 'course/program.ts'],
    ['program.ts when no stage is given', undefined, 'course/program.ts'],
  ])('names %s', (_, stage, file) => {
    expect(annotationPlace(['expected "1: A", received ""'], course(), stage)).toEqual({ file });
  });

  it('prefers a file the failure names over the stage text\'s', () => {
    expect(annotationPlace(['at x (/home/s/repo/course/src/execute.ts:2:2)'], course(), 'view')).toEqual({ file: 'course/src/execute.ts', line: 2, col: 2 });
  });

  it('names paths from the repository root: none at the root itself, program.ts without a course', () => {
    expect(annotationPlace(['src/tools.ts:1:2'], course(''))).toEqual({ file: 'src/tools.ts', line: 1, col: 2 });
    expect(annotationPlace(['src/tools.ts:1:2'], undefined)).toEqual({ file: 'program.ts' });
  });
});

describe('stageSourceFiles', () => {
  it.each<[string, string, string[]]>([
    ['the src/ paths of "What to build", in order, each once', '# t\n\n## What to build\n\nIn `src/tools.ts`, add … In `src/execute.ts`, route it; `src/tools.ts` again.\n\n## Contract\n\n`src/other.ts`\n', ['src/tools.ts', 'src/execute.ts']],
    ['nothing outside that section', '# t\n\nIntro `src/a.ts`.\n\n## Contract\n\n`src/b.ts`\n', []],
    ['only quoted .ts paths under src/', '## What to build\n\nIn src/tools.ts (unquoted), `lib/x.ts`, `src/data.json`, `src/lib/deep.ts`.\n', ['src/lib/deep.ts']],
  ])('%s', (_, markdown, files) => {
    expect(stageSourceFiles(markdown)).toEqual(files);
  });
});
