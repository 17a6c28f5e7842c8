import { loadCourse } from '../course-loader.ts';
import { contentRootOf } from './options.ts';

// `dispatch-lab validate`: lint the course content; every problem is listed at once (exit 2), else a one-line summary.
export async function validateCommand(args: { content?: string }): Promise<number> {
  const course = await loadCourse(contentRootOf(args));
  process.stdout.write(`course is valid: ${course.stages.length} stages, ${course.cases.length} cases\n`);
  return 0;
}
