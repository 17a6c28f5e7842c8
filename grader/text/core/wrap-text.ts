// Text laid out to a terminal's width: lines broken at spaces only (never inside a word, a code span or an address),
// widths counted by string-width and wrap-ansi, so colours take no column and emoji or CJK take two.
import wrapAnsi from 'wrap-ansi';
import { displayWidth } from './display-width.ts';

/** The width a terminal of unknown size is laid out to. */
export const DEFAULT_COLUMNS = 80;
/** Stands in for a space where a line must not break (inside a code span); a private-use character, one column wide. */
export const NO_BREAK = '\uE000';
/** Holds the place of a label's extra width on a first line; a private-use character, one column wide. */
const FILLER = '\uE001';
/** The fewest columns a line's text gets, however deep its indentation. */
const MIN_ROOM = 16;

// `text` with its spaces made unbreakable: it stays on one line where it fits (wrapText breaks it at its spaces where not).
export function keepTogether(text: string): string {
  return text.replaceAll(' ', NO_BREAK);
}

// The columns left for text after a prefix, never fewer than a usable minimum.
export function roomAfter(prefix: string, width: number): number {
  return Math.max(Math.min(MIN_ROOM, width), width - displayWidth(prefix));
}

// `text` wrapped to `width` columns: the first line starts with `first`, the others with `rest` (a list marker and its
// hanging indent, a label and the space under it). Only a word wider than the line is broken; "\n" in text is kept.
export function wrapText(text: string, width: number, first = '', rest = first): string[] {
  // A first prefix wider than the rest (a label) holds its place on the first line as a word of filler, taken out after;
  // one wider than a whole line narrows every line instead.
  const surplus = displayWidth(first) - displayWidth(rest);
  const hasFiller = surplus > 0 && surplus < roomAfter(rest, width);
  const room = surplus <= 0 || hasFiller ? roomAfter(rest, width) : roomAfter(first, width);
  const fitted = text.split('\n').map((line) => line.split(' ').map((word) => fitWord(word, room)).join(' ')).join('\n');
  const lines = wrapAnsi(hasFiller ? `${FILLER.repeat(surplus)} ${fitted}` : fitted, room, { hard: true, trim: true }).split('\n');
  if (hasFiller) lines[0] = (lines[0] ?? '').replace(new RegExp(`^${FILLER}+ ?`), '');
  return lines.map((line, i) => `${i === 0 ? first : rest}${line}`.replaceAll(NO_BREAK, ' ').trimEnd());
}

// A word as it can be laid out in `room` columns: one kept together but wider than that gets its spaces back, and a
// piece still wider (a long JSON value) is cut after its commas, one line each; only a piece with no comma left to cut
// at is broken mid-way (by wrap-ansi).
function fitWord(word: string, room: number): string {
  if (displayWidth(word) <= room) return word;
  return word.split(NO_BREAK).map((part) => (displayWidth(part) <= room ? part : afterCommas(part, room).join('\n'))).join(' ');
}

// A long piece cut after commas into runs of at most `room` columns where the commas allow.
function afterCommas(piece: string, room: number): string[] {
  const runs: string[] = [];
  let run = '';
  for (const part of piece.split(/(?<=,)/)) {
    if (run !== '' && displayWidth(run + part) > room) {
      runs.push(run);
      run = '';
    }
    run += part;
  }
  return [...runs, run];
}

// A list of names cut to what fits in `maxLines` lines of `width` columns, ending "… N more" when some are left out;
// names are joined by " · ", each kept on one line when it fits, and a line never starts with the dot.
export function namesWithin(names: readonly string[], width: number, maxLines: number, first = '', rest = first): string[] {
  const lines = (shown: number) => {
    const more = shown < names.length ? [`… ${names.length - shown} more`] : [];
    return wrapText([...names.slice(0, shown), ...more].map(keepTogether).join(`${NO_BREAK}· `), width, first, rest);
  };
  if (lines(names.length).length <= maxLines) return lines(names.length);
  // The most names that fit: fewer names never take more lines.
  let [fits, tooMany] = [0, names.length];
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (lines(middle).length <= maxLines) fits = middle;
    else tooMany = middle;
  }
  return lines(fits);
}
