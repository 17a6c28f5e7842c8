import { Marked, type MarkedExtension, type RendererThis, type Tokens } from 'marked';
import { markedTerminal } from 'marked-terminal';
import Table from 'cli-table3';

/** How to paint each kind of text; identity functions give plain text. */
export type MarkdownPaint = {
  heading: (s: string) => string;
  strong: (s: string) => string;
  code: (s: string) => string;
  dim: (s: string) => string;
};

const TAB = 4;
const LIST_INDENT = 2;
// The narrowest a table column is squeezed to.
const MIN_COLUMN = 12;
// marked-terminal hides a code span's colons behind this marker and restores them everywhere but in table cells.
const COLON_MARKER = '*#COLON|*';

// Stage instructions (Markdown) as terminal text, rendered by marked and marked-terminal: tables as
// tables, code spans kept whole, links with their address. Every style comes from `paint`, so
// --no-color gives plain text; emoji shortcodes stay off (`path:line:text` is not an emoji).
export function markdownTerminal(markdown: string, paint: MarkdownPaint, colored: boolean, widthColumns = 100): string {
  const terminal = markedTerminal({
    heading: paint.heading,
    firstHeading: paint.heading,
    strong: paint.strong,
    em: paint.strong,
    codespan: paint.code,
    code: paint.code,
    blockquote: paint.dim,
    link: (s: string) => s,
    href: paint.dim,
    hr: paint.dim,
    html: paint.dim,
    del: paint.dim,
    emoji: false,
    showSectionPrefix: false,
    reflowText: false,
    tab: TAB,
  });
  const marked = new Marked(terminal, {
    renderer: {
      // Code blocks painted with our code colour (marked-terminal would pick its own highlighter's).
      code: ({ text }: Tokens.Code) => `${indent(paint.code(text))}\n\n`,
      // Lists numbered per list (marked-terminal runs one count through nested lists), each level indented.
      list(this: RendererThis, token: Tokens.List) {
        const first = token.start === '' ? 1 : token.start;
        const items = token.items.map((item, index) => {
          const marker = token.ordered ? `${first + index}.` : '*';
          const parts = item.tokens.map((part) => unescapeEntities(this.parser.parse([part])).replace(/^\n+|\s+$/g, '')).filter((part) => part !== '');
          return `${marker} ${hang(parts.join(item.loose ? '\n\n' : '\n'), marker.length + 1)}`;
        });
        return `${indent(items.join('\n'), LIST_INDENT)}\n\n`;
      },
      // Tables wrapped to the width, cells with their inline markup.
      table(this: RendererThis, token: Tokens.Table) {
        const cells = (row: Tokens.TableCell[]) => row.map((cell) => unescapeEntities(this.parser.parseInline(cell.tokens)));
        return `${tableText(cells(token.header), token.rows.map(cells), widthColumns, colored)}\n\n`;
      },
      // A tight list item's text holds inline markup (code spans, bold) that marked-terminal would print raw.
      text(this: RendererThis, token: Tokens.Text | Tokens.Escape) {
        return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : false;
      },
    },
  } satisfies MarkedExtension);
  const text = marked.parse(markdown, { async: false }) as string;
  return text.replaceAll(COLON_MARKER, ':').replace(/\n{3,}/g, '\n\n');
}

// Every line of `text` moved right by `width` spaces (blank lines stay empty).
function indent(text: string, width = TAB): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${' '.repeat(width)}${line}`))
    .join('\n');
}

// The lines after the first moved right by `width`, under the text that follows a list marker.
function hang(text: string, width: number): string {
  const [head = '', ...rest] = text.split('\n');
  return rest.length === 0 ? head : `${head}\n${indent(rest.join('\n'), width)}`;
}

// A table no wider than `width` columns: each column gets its widest cell, and while the sum is too
// wide the widest column gives way (cells wrap at word boundaries).
function tableText(header: string[], rows: string[][], width: number, colored: boolean): string {
  const visible = (text: string) => Math.max(...text.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((line) => line.length));
  const widths = header.map((cell, column) => Math.max(visible(cell), ...rows.map((row) => visible(row[column] ?? ''))) + 2);
  const border = widths.length + 1;
  while (widths.reduce((sum, w) => sum + w, border) > width) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= MIN_COLUMN) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  const table = new Table({
    head: header,
    colWidths: widths,
    wordWrap: true,
    wrapOnWordBoundary: true,
    style: colored ? { head: ['bold'] } : { head: [], border: [] },
  });
  table.push(...rows);
  return table.toString();
}

// Rendered inline text as the terminal shows it: marked escapes HTML's five characters, and
// marked-terminal hides a code span's colons; both are undone before widths are measured.
function unescapeEntities(text: string): string {
  return text.replaceAll(COLON_MARKER, ':').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}
