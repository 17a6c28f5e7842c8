import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GraderError } from '../../run/grader-error.ts';
import { packageRoot } from './package-root.ts';

export const NO_REFERENCE = 'the reference solution is not installed: verify and record run in a clone of the dispatch-lab repository';

// The course directory whose program.ts runs the reference: --dir when given; else the content root when it holds a
// program.ts (an instructor's own course), else the dispatch-lab package, whose program.ts imports reference/.
// A package installed from npm ships no reference/: that is a GraderError saying so.
export function referenceCourseDir(args: { dir: string }, contentRoot: string): string {
  if (args.dir !== '.') return resolve(args.dir);
  if (existsSync(join(contentRoot, 'program.ts')) && resolve(contentRoot) !== packageRoot()) return resolve(contentRoot);
  const root = packageRoot();
  if (!existsSync(join(root, 'reference', 'index.ts'))) throw new GraderError([NO_REFERENCE, 'or pass --dir <a course directory whose program.ts runs a complete solution>']);
  return root;
}
