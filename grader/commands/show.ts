import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pc from 'picocolors';
import { loadCourse } from '../run/course-loader.ts';
import { markdownTerminal } from '../text/io/markdown-terminal.ts';
import { closest } from '../text/core/closest.ts';
import { keepTogether, wrapText } from '../text/core/wrap-text.ts';
import { GraderError } from '../run/grader-error.ts';
import { shouldColor, terminalColumns } from '../text/io/terminal.ts';
import { contentRootOf } from './options.ts';

/** Prose wider than this is hard to read: a wider terminal still gets lines of at most this many columns. */
const MAX_COLUMNS = 120;

// `dispatch-lab show S`: print a stage's instructions for the terminal.
export async function showCommand(args: { slug: string; content?: string; color?: boolean }): Promise<number> {
  const contentRoot = contentRootOf(args);
  const course = await loadCourse(contentRoot);
  const index = course.stages.findIndex((s) => s.slug === args.slug);
  const stage = course.stages[index];
  if (!stage) {
    const suggestion = closest(args.slug, course.stages.map((s) => s.slug));
    throw new GraderError([`unknown stage "${args.slug}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; the stages are: ${course.stages.map((s) => s.slug).join(', ')}`]);
  }
  const colored = shouldColor(args.color);
  const colors = pc.createColors(colored);
  const markdown = await readFile(join(contentRoot, 'stages', `${stage.slug}.md`), 'utf8');
  const width = Math.min(terminalColumns(), MAX_COLUMNS);
  const command = keepTogether(`npx dispatch-lab test --stage ${stage.slug}`);
  const header = wrapText(colors.dim(`stage ${index + 1} of ${course.stages.length} · ${stage.slug} · grade it: ${command}`), width).join('\n');
  const body = markdownTerminal(markdown, { heading: (s) => colors.bold(colors.cyan(s)), strong: colors.bold, code: colors.yellow, dim: colors.dim }, width);
  process.stdout.write(`${header}\n\n${body.trimEnd()}\n`);
  return 0;
}
