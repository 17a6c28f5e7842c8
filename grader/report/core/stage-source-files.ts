// The student's files a stage's text says the work goes in: the `src/….ts` paths its "What to build" section names, in
// the order it names them (view: "In `src/tools.ts`, give `Tools` a method …", then `src/execute.ts`).

/** A path of the student's sources, as a stage text quotes it: `src/…` ending in .ts. */
const SOURCE_PATH = /`(src\/[\w./-]+\.ts)`/g;

// The section of a Markdown text under the heading `## <title>`, up to the next `## ` heading ('' when there is none).
function section(markdown: string, title: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

// The `src/` files a stage text's "What to build" section names, first named first, each once.
export function stageSourceFiles(markdown: string): string[] {
  return [...new Set([...section(markdown, 'What to build').matchAll(SOURCE_PATH)].map((m) => m[1] as string))];
}
