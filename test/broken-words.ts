// Checks of text laid out to a width: no line runs past it, and every line break falls at a space of the source,
// found by comparing the words of the output with the words of the same text laid out without a width limit.
import { displayWidth } from '../grader/text/core/display-width.ts';

/** Table borders and record bullets: layout, not words. */
const LAYOUT = /[\s│┌┐└┘├┤┬┴┼─•]+/;

function wordsOf(line: string): string[] {
  return line.split(LAYOUT).filter((w) => w !== '');
}

// Whether a line is a row or rule of a drawn table (its words sit beside other cells' words, not after them).
function isGridLine(line: string): boolean {
  return /^\s*[│┌├└]/.test(line);
}

// The problems with `output` laid out to `width` columns, given `source`, the same text laid out at no width limit:
// a line wider than `width`, a word that is no word of the source (a piece of a broken word), or a line break that
// joins two pieces into a word of the source. A piece of a word too wide for its line is allowed (that one may break),
// and so is a word cut at the edge with "…"; a shell command's lines are read as the shell joins them.
export function layoutProblems(output: string, source: string, width: number): string[] {
  const wide = output.split('\n').flatMap((line, i) => (displayWidth(line) > width ? [`line ${i + 1} is ${displayWidth(line)} columns wide: ${line}`] : []));
  const joined = output.replace(/'\\\n'/g, '').replace(/ \\\n\s*/g, ' ');
  return [...wide, ...wordProblems(joined, source, width)];
}

function wordProblems(output: string, source: string, width: number): string[] {
  const sourceLines = source.split('\n');
  const words = new Set(sourceLines.flatMap(wordsOf));
  // Words that stand side by side in the source, on one line or at the end of one and the start of the next.
  const sequence = sourceLines.flatMap(wordsOf);
  const pairs = new Set(sequence.slice(1).map((w, i) => `${sequence[i]} ${w}`));
  const lines = output.split('\n');
  const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;
  // A source word that cannot fit on a line this far in (list markers and hanging labels take up to 8 more columns).
  const isTooWide = (word: string, line: string) => displayWidth(word) > width - indentOf(line) - 8;
  const isCut = (word: string) => word.endsWith('…') && [...words].some((w) => w.startsWith(word.slice(0, -1)));
  const isKnown = (word: string, line: string) =>
    words.has(word) || (word.endsWith(':') && words.has(word.slice(0, -1))) || isCut(word) || [...words].some((w) => w.includes(word) && isTooWide(w, line));
  const problems: string[] = [];
  lines.forEach((line, i) => {
    for (const word of wordsOf(line)) if (!isKnown(word, line)) problems.push(`line ${i + 1} holds "${word}", no word of the source: ${line}`);
    const next = lines[i + 1];
    if (next === undefined || isGridLine(line) || isGridLine(next)) return;
    const [last, first] = [wordsOf(line).at(-1), wordsOf(next)[0]];
    if (last === undefined || first === undefined) return;
    const joinedWord = `${last}${first}`;
    if (words.has(joinedWord) && !pairs.has(`${last} ${first}`) && !isTooWide(joinedWord, next)) problems.push(`lines ${i + 1}–${i + 2} break "${joinedWord}" in two`);
  });
  return problems;
}
