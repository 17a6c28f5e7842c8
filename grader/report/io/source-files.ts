import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SourceFiles } from '../core/annotation-file.ts';
import { stageSourceFiles } from '../core/stage-source-files.ts';

// The graded course's files as annotations name them: relative to the repository's root, which is $GITHUB_WORKSPACE on
// GitHub Actions (the checkout) and else the working directory. A stage's text (under `contentRoot`, the course content)
// is read when an annotation of that stage first needs it, and once.
export function sourceFilesOf(courseDir: string, env: Record<string, string | undefined>, contentRoot?: string): SourceFiles {
  const dir = resolve(courseDir);
  const root = env.GITHUB_WORKSPACE ? resolve(env.GITHUB_WORKSPACE) : process.cwd();
  const fromRoot = relative(root, dir);
  const inside = fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
  const stageFiles = new Map<string, string[]>();
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
    stageFiles: (slug) => {
      let files = stageFiles.get(slug);
      if (files === undefined) {
        files = contentRoot === undefined ? [] : namedFiles(join(contentRoot, 'stages', `${slug}.md`));
        stageFiles.set(slug, files);
      }
      return files;
    },
  };
}

// The source files a stage text at `path` names, none when it cannot be read.
function namedFiles(path: string): string[] {
  try {
    return stageSourceFiles(readFileSync(path, 'utf8'));
  } catch {
    return [];
  }
}
