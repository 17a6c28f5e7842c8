import type { Course } from '../course/core/course.ts';
import { readCourseFiles } from '../course/core/course.ts';
import { withCasePoints } from '../course/core/points.ts';
import { readCourse, readPrivateCases, type PrivateCaseFiles } from '../course/io/load-course.ts';
import { GraderError } from './grader-error.ts';

// The checked course under a content root, with the cases of any private case directories (--cases DIR) added and
// marked private, and each case's points set (course/core/points.ts); every problem in it at once as a GraderError.
export async function loadCourse(contentRoot: string, privateCaseDirs: string[] = []): Promise<Course> {
  const files = await readCourse(contentRoot);
  const extra = await Promise.all(privateCaseDirs.map(readPrivateCases));
  // Private cases are validated exactly like the bundled ones: same schema, same checks, names unique within a stage.
  const result = readCourseFiles({ ...files, caseFiles: [...files.caseFiles, ...extra.flatMap((e) => e.caseFiles)] });
  const problems = [...(result.ok ? [] : result.problems), ...extra.flatMap((e) => e.problems)];
  problems.push(...unknownStageProblems(extra, manifestSlugs(files.manifest.text)));
  if (!result.ok || problems.length > 0) throw new GraderError(problems);
  const privateFiles = new Set(extra.flatMap((e) => e.caseFiles.map((f) => f.file)));
  const cases = result.course.cases.map((c) => (privateFiles.has(c.file) ? { ...c, private: true } : c));
  return { ...result.course, cases: withCasePoints(result.course.stages, cases) };
}

// The stage slugs a manifest names, read leniently (a broken manifest is reported by the course check itself).
function manifestSlugs(text: string): Set<string> | undefined {
  try {
    const stages = (JSON.parse(text) as { stages?: { slug?: unknown }[] }).stages;
    return Array.isArray(stages) ? new Set(stages.map((s) => String(s?.slug))) : undefined;
  } catch {
    return undefined;
  }
}

// A private case folder must be named after a stage of the manifest.
function unknownStageProblems(extra: PrivateCaseFiles[], slugs: Set<string> | undefined): string[] {
  if (!slugs) return [];
  return extra.flatMap((e) => e.stageDirs.filter((d) => !slugs.has(d.dir)).map((d) => `${d.label}: folder is not a stage in stages/stages.json`));
}
