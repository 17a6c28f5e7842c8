import { stripVTControlCharacters as stripAnsi } from 'node:util';
import wrapAnsi from 'wrap-ansi';
import { displayWidth } from '../text/core/display-width.ts';
import { shellLines } from '../text/core/shell-lines.ts';
import { NO_BREAK, wrapText } from '../text/core/wrap-text.ts';

/** A line that only holds the caret under a string difference. */
const CARET = /^\s*\^\s*$/;
/** A line that hands the student a command: "reproduce: <command>", "rerun: <command>". */
const COMMAND = /^(\s*)(?:reproduce|rerun):\s+(\S.*)$/;
/** A line led by a label ("hint: ", "likely mistake: "): its next lines go on under the text after the label. */
const LABEL = /^(\s*)([a-z][a-z ]{0,20}: )/;

// A failure block's lines laid out to `width` columns: each line too wide wraps at spaces under its own text (under
// the text after its label, if any); the lines a caret points into are cut at the edge instead, so the caret stays
// under the difference; a command breaks only where the shell joins it again.
export function fitLines(lines: readonly string[], width: number): string[] {
  return lines.flatMap((line, i) => {
    if (displayWidth(line) <= width) return [line.replaceAll(NO_BREAK, ' ')];
    const plain = stripAnsi(line);
    const isCaretLine = [lines[i + 1], lines[i + 2]].some((l) => l !== undefined && CARET.test(stripAnsi(l)));
    if (isCaretLine || CARET.test(plain)) return [cutAt(line, width)];
    const command = COMMAND.exec(plain);
    if (command?.[2] && line.endsWith(command[2])) {
      const label = line.slice(0, line.length - command[2].length);
      return shellLines(command[2], width, label, `${command[1] ?? ''}    `);
    }
    const label = LABEL.exec(plain)?.[0];
    if (label) {
      const [head, tail] = splitAt(line, label.length);
      return wrapText(tail, width, head, ' '.repeat(label.length));
    }
    const indent = /^\s*/.exec(plain)?.[0] ?? '';
    return wrapText(withoutIndent(line, indent.length), width, indent, ' '.repeat(indent.length + 2));
  });
}

// A line cut to `width` columns with "…" at the end (colours closed properly).
function cutAt(line: string, width: number): string {
  return `${wrapAnsi(line, width - 1, { hard: true, wordWrap: false, trim: false }).split('\n')[0] ?? ''}…`;
}

// A line without its first `count` spaces, colour codes before them kept.
function withoutIndent(line: string, count: number): string {
  return line.replace(new RegExp(`^((?:\\u001b\\[[0-9;]*m)*) {${count}}`), '$1');
}

// A line split after its first `count` visible characters, the colour codes among them kept with the head.
function splitAt(line: string, count: number): [string, string] {
  let seen = 0;
  let i = 0;
  while (i < line.length && seen < count) {
    const code = /^\u001b\[[0-9;]*m/.exec(line.slice(i))?.[0];
    if (code) i += code.length;
    else {
      i += (line.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
      seen++;
    }
  }
  // Codes that close the head's colour go with it.
  const closing = /^(?:\u001b\[[0-9;]*m)*/.exec(line.slice(i))?.[0] ?? '';
  return [line.slice(0, i + closing.length), line.slice(i + closing.length)];
}
