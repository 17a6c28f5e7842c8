// A table laid out to a terminal's width: a grid when every column can hold its longest word, otherwise one block
// per row ("header: cell" lines), so no cell is ever cut. Widths are counted by string-width, cells wrapped by wrap-ansi.
import { displayWidth } from './display-width.ts';
import { NO_BREAK, wrapText } from './wrap-text.ts';

/** How a table's parts are painted; identity functions give plain text. */
export type TablePaint = { strong: (s: string) => string; dim: (s: string) => string };

/** A column narrower than this (when its cells are wider) is hard to read: the rows become blocks instead. */
const MIN_COLUMN = 8;

// The widest word of a cell: where a wrapped column can go no narrower.
function longestWord(cell: string): number {
  return Math.max(0, ...cell.split(/[ \n]/).map((word) => displayWidth(word)));
}

// The widest line of a cell.
function cellWidth(cell: string): number {
  return Math.max(0, ...cell.split('\n').map((line) => displayWidth(line.replaceAll(NO_BREAK, ' '))));
}

// Column widths for a grid of at most `width` columns (borders and padding included), or undefined when it cannot fit.
function columnWidths(table: string[][], width: number): number[] | undefined {
  const count = Math.max(...table.map((row) => row.length));
  const columns = Array.from({ length: count }, (_, c) => table.map((row) => row[c] ?? ''));
  const natural = columns.map((cells) => Math.max(1, ...cells.map(cellWidth)));
  const least = columns.map((cells, c) => Math.max(...cells.map(longestWord), Math.min(natural[c] ?? 1, MIN_COLUMN)));
  const room = width - (3 * count + 1);
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  if (sum(least) > room) return undefined;
  const widths = [...natural];
  // The widest column that can still give way gives one column at a time.
  while (sum(widths) > room) {
    let c = -1;
    for (let i = 0; i < widths.length; i++) if ((widths[i] ?? 0) > (least[i] ?? 0) && (c < 0 || (widths[i] ?? 0) > (widths[c] ?? 0))) c = i;
    if (c < 0) return undefined;
    widths[c] = (widths[c] ?? 0) - 1;
  }
  return widths;
}

// The table as lines of at most `width` columns; `header` and each row are cells of rendered inline text.
export function tableLines(header: string[], rows: string[][], width: number, paint: TablePaint): string[] {
  const widths = columnWidths([header, ...rows], width);
  return widths ? gridLines(header, rows, widths, paint) : recordLines(header, rows, width, paint);
}

// A grid with box-drawing borders; rows are ruled apart only when some cell takes more than one line.
function gridLines(header: string[], rows: string[][], widths: number[], paint: TablePaint): string[] {
  const rule = (left: string, middle: string, right: string) => paint.dim(`${left}${widths.map((w) => '─'.repeat(w + 2)).join(middle)}${right}`);
  const rowLines = (cells: string[], style: (s: string) => string) => {
    const wrapped = widths.map((w, c) => wrapText(cells[c] ?? '', w).map((line) => (line === '' ? line : style(line))));
    const height = Math.max(...wrapped.map((lines) => lines.length));
    return Array.from({ length: height }, (_, i) => {
      const parts = wrapped.map((lines, c) => pad(lines[i] ?? '', widths[c] ?? 0));
      return `${paint.dim('│')} ${parts.join(` ${paint.dim('│')} `)} ${paint.dim('│')}`;
    });
  };
  const body = rows.map((row) => rowLines(row, (s) => s));
  const isRuled = body.some((lines) => lines.length > 1);
  const between = rule('├', '┼', '┤');
  return [
    rule('┌', '┬', '┐'),
    ...rowLines(header, paint.strong),
    between,
    ...body.flatMap((lines, i) => (isRuled && i > 0 ? [between, ...lines] : lines)),
    rule('└', '┴', '┘'),
  ];
}

// `text` followed by spaces up to `width` columns.
function pad(text: string, width: number): string {
  return `${text}${' '.repeat(Math.max(0, width - displayWidth(text)))}`;
}

// One block per row: the first cell after a bullet, each other cell under it as "header: cell", wrapped with a hanging indent.
function recordLines(header: string[], rows: string[][], width: number, paint: TablePaint): string[] {
  const label = (c: number) => (header[c] ? `${paint.strong(`${header[c]}:`)} ` : '');
  return rows.flatMap((row) => row.flatMap((cell, c) => (c === 0 ? wrapText(cell, width, `• ${label(c)}`, '    ') : wrapText(cell, width, `  ${label(c)}`, '      '))));
}
