import { contentProblems } from '../course/core/content-rules.ts';
import { loadCourse } from '../run/course-loader.ts';
import { readCourse, readPrivateCases } from '../course/io/load-course.ts';
import { readContentExtras } from '../course/io/read-content-extras.ts';
import { GraderError } from '../run/grader-error.ts';
import { contentRootOf } from './options.ts';

/** Flags of `validate`. */
export type ValidateArgs = { content?: string; cases?: string[] };

// Every problem of the course under a content root (with any private case directories): what stops it loading, then
// every authoring rule, each once.
export async function courseProblems(contentRoot: string, privateCaseDirs: string[] = []): Promise<{ problems: string[]; stages: number; cases: number }> {
  const files = await readCourse(contentRoot);
  const privateFiles = (await Promise.all(privateCaseDirs.map(readPrivateCases))).flatMap((p) => p.caseFiles);
  const loaded = await loadCourse(contentRoot, privateCaseDirs).then(
    (course) => ({ course, problems: [] as string[] }),
    (error: unknown) => {
      if (error instanceof GraderError) return { course: undefined, problems: error.problems };
      throw error;
    },
  );
  const extras = await readContentExtras(contentRoot, files.caseDirs, files.stageDocs);
  const rules = contentProblems({ ...files, caseFiles: [...files.caseFiles, ...privateFiles] }, extras);
  return { problems: [...new Set([...loaded.problems, ...rules])], stages: loaded.course?.stages.length ?? 0, cases: loaded.course?.cases.length ?? 0 };
}

// `dispatch-lab validate`: lint the course content; every problem is listed at once (exit 2), else a one-line summary.
export async function validateCommand(args: ValidateArgs): Promise<number> {
  const contentRoot = contentRootOf(args);
  const { problems, stages, cases } = await courseProblems(contentRoot, args.cases ?? []);
  if (problems.length > 0) throw new GraderError(problems);
  process.stdout.write(`course is valid: ${stages} stages, ${cases} cases (${contentRoot})\n`);
  return 0;
}
