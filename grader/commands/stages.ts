import { resolve } from 'node:path';
import pc from 'picocolors';
import { loadCourse } from '../run/course-loader.ts';
import { readStageStatus } from '../run/io/stage-status.ts';
import { shouldColor } from '../text/io/terminal.ts';
import { stageListing } from '../course/core/stage-listing.ts';
import { newCasesNotes } from '../course/core/new-since-pass.ts';
import { contentRootOf } from './options.ts';

// `dispatch-lab stages`: the course in order, with each stage's status from the last run in --dir.
export async function stagesCommand(args: { dir: string; content?: string; color?: boolean }): Promise<number> {
  const course = await loadCourse(contentRootOf(args));
  const saved = await readStageStatus(resolve(args.dir));
  const counts = new Map(course.stages.map((s) => [s.slug, course.cases.filter((c) => c.stage === s.slug).length]));
  const colors = pc.createColors(shouldColor(args.color));
  const paint = { pass: colors.green, fail: colors.red, todo: colors.dim, bold: colors.bold };
  const names = new Map(course.cases.map((c) => [c.file, c.name]));
  const notes = newCasesNotes(saved.stages, course.stages.map((s) => s.slug), (file) => names.get(file) ?? file);
  process.stdout.write(`${stageListing(course.stages, counts, saved.stages, paint, notes)}\n`);
  return 0;
}
