// A POSIX shell command laid out to a terminal's width so that pasting every line runs the same command: lines
// break at unquoted spaces with " \" (a line continuation), and a word too long for a line is cut inside its single
// quotes as '…'\ + '…' on the next line (the shell joins the two quoted halves into one word).
import { displayWidth } from './display-width.ts';

/** One word of a command and the offsets inside its single-quoted parts where it may be cut. */
type Word = { text: string; cuts: number[] };

const CONTINUATION = ' \\';
const QUOTE_CUT = "'\\";

// The words of a command, split at spaces outside quotes; backslash escapes and double quotes kept as written.
function shellWords(command: string): Word[] {
  const words: Word[] = [];
  let word: Word = { text: '', cuts: [] };
  let quote = '';
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] ?? '';
    if (quote === '' && ch === ' ') {
      if (word.text !== '') words.push(word);
      word = { text: '', cuts: [] };
      continue;
    }
    if (quote !== "'" && ch === '\\') {
      word.text += command.slice(i, i + 2);
      i++;
      continue;
    }
    // Inside single quotes (not at the closing one, nor inside a surrogate pair) the word may be cut before this character.
    if (quote === "'" && ch !== "'" && !/[\uDC00-\uDFFF]/.test(ch)) word.cuts.push(word.text.length);
    if (quote === '' && (ch === "'" || ch === '"')) quote = ch;
    else if (ch === quote) quote = '';
    word.text += ch;
  }
  if (word.text !== '') words.push(word);
  return words;
}

// Where to cut `word` so that `line` + its head + '\ fits in `width`: the last cut after a comma or a space in the
// second half of the line, else the last that fits; undefined when none does.
function lastCut(word: Word, line: string, width: number): number | undefined {
  const fitting = word.cuts.filter((k) => k > 1 && displayWidth(line + word.text.slice(0, k) + QUOTE_CUT) <= width);
  const half = (width - displayWidth(line)) / 2;
  const atBreak = fitting.filter((k) => k >= half && /[, ]/.test(word.text[k - 1] ?? ''));
  return atBreak.at(-1) ?? fitting.at(-1);
}

// The command as lines of at most `width` columns where it can be cut (a word with no quotes to cut in may run
// past): the first line starts with `first` (a label), the others with `rest`, except a line that goes on inside
// quotes, which must start at its first column.
export function shellLines(command: string, width: number, first = '', rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  let isFresh = true;
  const fits = (text: string) => displayWidth(text) + CONTINUATION.length <= width;
  for (const whole of shellWords(command)) {
    let word = whole;
    if (!isFresh && fits(`${line} ${word.text}`)) {
      line = `${line} ${word.text}`;
      continue;
    }
    if (!isFresh) {
      lines.push(`${line}${CONTINUATION}`);
      line = rest;
    }
    for (let cut = lastCut(word, line, width); !fits(line + word.text) && cut !== undefined; cut = lastCut(word, line, width)) {
      lines.push(`${line}${word.text.slice(0, cut)}${QUOTE_CUT}`);
      line = '';
      word = { text: `'${word.text.slice(cut)}`, cuts: word.cuts.filter((k) => k > cut).map((k) => k - cut + 1) };
    }
    line += word.text;
    isFresh = false;
  }
  return [...lines, line];
}
