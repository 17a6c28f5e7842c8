// Where a GitHub annotation attaches: a file of the repository being graded. GitHub drops an annotation whose file is
// not in the repository, so a case file (inside the grader's package, under node_modules) never works; the student's
// own source named by the failure (a stack frame, a build error) does; when nothing is named, the file the stage's text
// says its code goes in (`src/tools.ts` for view) when the course has it, and program.ts when it has none.

/** The graded course as the annotations see it. */
export type SourceFiles = {
  /** The course directory, absolute, with `/` separators. */
  courseDir: string;
  /** The course directory relative to the repository's root ('' when it is the root), with `/` separators. */
  repoPrefix: string;
  /** Whether a path relative to the course directory names a file. */
  exists: (relative: string) => boolean;
  /** The files (relative to the course directory) a stage's text says its code goes in, first named first; none when unknown. */
  stageFiles?: (slug: string) => string[];
};

/** A file and line an annotation names. */
export type AnnotationPlace = { file: string; line?: number; col?: number };

/** A source path with a line (and column): `src/execute.ts:4:11`, `/abs/x.ts:3`, `file:///abs/x.mts:1:2`. */
const LOCATION = /(?:file:\/\/)?((?:\/|\.{1,2}\/)?[\w@.+-]+(?:\/[\w@.+-]+)*\.(?:[cm]?[jt]s|tsx|jsx)):(\d+)(?::(\d+))?/g;

// The path as one relative to the course directory that names a file there, or undefined: an absolute path is cut at
// the course directory, or else shortened from the left until it names a file (paths seen inside a sandbox differ).
function courseRelative(path: string, source: SourceFiles): string | undefined {
  // The grader's package and its build output are never the student's files.
  if (path.split('/').some((part) => part === 'node_modules' || part === '.dispatch-lab')) return undefined;
  const inside = path.startsWith(`${source.courseDir}/`) ? path.slice(source.courseDir.length + 1) : path.replace(/^(\.\/)+/, '');
  const parts = inside.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return undefined;
  for (let start = 0; start < parts.length; start++) {
    const candidate = parts.slice(start).join('/');
    if (source.exists(candidate)) return candidate;
  }
  return undefined;
}

// The first file of the course that `texts` name with a line, as a path from the repository's root; else the first file
// the stage's text names for its code that the course holds (no line: the text names no place in it); else program.ts.
export function annotationPlace(texts: string[], source: SourceFiles | undefined, stage?: string): AnnotationPlace {
  const prefix = source?.repoPrefix ? `${source.repoPrefix}/` : '';
  if (source) {
    for (const text of texts) {
      for (const match of text.matchAll(LOCATION)) {
        const file = courseRelative(match[1]!, source);
        if (file === undefined) continue;
        return { file: `${prefix}${file}`, line: Number(match[2]), ...(match[3] ? { col: Number(match[3]) } : {}) };
      }
    }
    const named = stage === undefined ? undefined : source.stageFiles?.(stage).find((file) => source.exists(file));
    if (named !== undefined) return { file: `${prefix}${named}` };
  }
  return { file: `${prefix}program.ts` };
}
