import type { Course } from './core/course.ts';
import { readCourseFiles } from './core/course.ts';
import { readCourse } from './io/load-course.ts';
import { GraderError } from './grader-error.ts';

// The checked course under a content root; every problem in it at once as a GraderError.
export async function loadCourse(contentRoot: string): Promise<Course> {
  const result = readCourseFiles(await readCourse(contentRoot));
  if (!result.ok) throw new GraderError(result.problems);
  return result.course;
}
