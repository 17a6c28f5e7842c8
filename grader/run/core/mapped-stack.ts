// A program's stack traces, pointed back at its sources. The bundle runs without --enable-source-maps (node would read
// and decode the bundle's whole map at every start, about 5 ms of each case); the grader maps the positions a run
// printed instead, after it ends: only a run whose stderr names a built file pays for it.

/** Where a position of a built file came from: 1-based line and column, and the source's text of that line when known. */
export type Original = { path: string; line: number; column: number; sourceLine?: string };

/** The original of a 1-based line and column of the built file at `path`, or undefined when there is none. */
export type FindOriginal = (path: string, line: number, column: number) => Original | undefined;

/** A position in a stack frame: a file URL or an absolute path of a .js/.mjs/.cjs file, then line and column. */
const POSITION = /(file:\/\/)?(\/[^\s()'"`:]+\.[cm]?js):(\d+):(\d+)/g;
/** The first line of node's report of an uncaught exception: the file and line it was thrown at (no column). */
const THROW_SITE = /^(file:\/\/)?(\/[^\s()'"`:]+\.[cm]?js):(\d+)$/;
const CARET = /^(\s*)\^+\s*$/;

// The file a matched position names, as a path (a file URL decoded).
function pathOf(isUrl: boolean, text: string): string {
  if (!isUrl) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// `text` with every position of a built file replaced by its original, as node's --enable-source-maps prints it
// ("/course/src/tools.ts:12:5"), and node's header of an uncaught exception (file:line, the source line, a caret)
// replaced by the original's; a position with no original is left as it is.
export function mapStack(text: string, find: FindOriginal): string {
  if (!/\.[cm]?js:\d/.test(text)) return text;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const site = THROW_SITE.exec(line);
    const caret = site ? CARET.exec(lines[i + 2] ?? '') : null;
    if (site && caret) {
      const original = find(pathOf(site[1] !== undefined, site[2] as string), Number(site[3]), (caret[1] as string).length + 1);
      if (original?.sourceLine !== undefined) {
        lines[i] = `${original.path}:${original.line}`;
        lines[i + 1] = original.sourceLine;
        lines[i + 2] = `${' '.repeat(original.column - 1)}^`;
        i += 2;
        continue;
      }
    }
    lines[i] = line.replace(POSITION, (whole, url: string | undefined, path: string, l: string, c: string) => {
      const original = find(pathOf(url !== undefined, path), Number(l), Number(c));
      return original ? `${original.path}:${original.line}:${original.column}` : whole;
    });
  }
  return lines.join('\n');
}
