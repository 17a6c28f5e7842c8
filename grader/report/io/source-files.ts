import { statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SourceFiles } from '../core/annotation-file.ts';

// The graded course's files as annotations name them: relative to the repository's root, which is $GITHUB_WORKSPACE on
// GitHub Actions (the checkout) and else the working directory.
export function sourceFilesOf(courseDir: string, env: Record<string, string | undefined>): SourceFiles {
  const dir = resolve(courseDir);
  const root = env.GITHUB_WORKSPACE ? resolve(env.GITHUB_WORKSPACE) : process.cwd();
  const fromRoot = relative(root, dir);
  const inside = fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
  return {
    courseDir: dir.split(sep).join('/'),
    repoPrefix: inside ? fromRoot.split(sep).join('/') : '',
    exists: (path) => {
      try {
        return statSync(join(dir, path)).isFile();
      } catch {
        return false;
      }
    },
  };
}
