import { Lexer, type Token, type Tokens } from 'marked';
import { tableLines } from '../core/text-table.ts';
import { DEFAULT_COLUMNS, keepTogether, roomAfter, wrapText } from '../core/wrap-text.ts';
import { displayWidth } from '../core/display-width.ts';

/** How to paint each kind of text; identity functions give plain text. */
export type MarkdownPaint = {
  heading: (s: string) => string;
  strong: (s: string) => string;
  code: (s: string) => string;
  dim: (s: string) => string;
};

const CODE_INDENT = '    ';
/** A code line too long for the screen goes on under itself, this much further in. */
const CODE_CONTINUED = '  ';
const LIST_INDENT = '  ';
const QUOTE_BAR = '│ ';
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

// Stage instructions (Markdown) as terminal text laid out to `width` columns: paragraphs reflowed and broken at spaces
// only (a code span or an address is never split unless it is wider than the line), lists and block quotes keep their
// indentation on every line, tables fit or become one block per row. Every style comes from `paint`, so --no-color
// gives plain text; emoji shortcodes stay as written (`path:line:text` is not an emoji).
export function markdownTerminal(markdown: string, paint: MarkdownPaint, width = DEFAULT_COLUMNS): string {
  return `${blockLines(Lexer.lex(markdown), width, paint, true).join('\n')}\n`;
}

// The lines of a sequence of blocks; `isLoose` puts a blank line between them (a tight list item's parts have none).
function blockLines(tokens: Token[], width: number, paint: MarkdownPaint, isLoose: boolean): string[] {
  const blocks = tokens.map((token) => block(token, width, paint)).filter((lines) => lines.length > 0);
  return blocks.flatMap((lines, i) => (i > 0 && isLoose ? ['', ...lines] : lines));
}

function block(token: Token, width: number, paint: MarkdownPaint): string[] {
  switch (token.type) {
    case 'heading':
      return wrapText(paint.heading(inline(token.tokens ?? [], width, paint)), width);
    case 'paragraph':
      return wrapText(inline(token.tokens ?? [], width, paint), width);
    case 'text':
      return wrapText('tokens' in token && token.tokens ? inline(token.tokens, width, paint) : decode(token.text), width);
    case 'code':
      return codeLines(token as Tokens.Code, width, paint);
    case 'list':
      return listLines(token as Tokens.List, width, paint);
    case 'blockquote':
      return blockLines(token.tokens ?? [], width - displayWidth(QUOTE_BAR), paint, true).map((line) => paint.dim(`${QUOTE_BAR}${line}`.trimEnd()));
    case 'table':
      return tableOf(token as Tokens.Table, width, paint);
    case 'hr':
      return [paint.dim('─'.repeat(width))];
    case 'html':
      return wrapText(paint.dim(token.text.trim()), width);
    case 'space':
    case 'def':
      return [];
    default:
      return wrapText(token.raw.trim(), width);
  }
}

// A code block indented, each line as written; a line wider than the screen continues at its spaces, further in.
function codeLines(token: Tokens.Code, width: number, paint: MarkdownPaint): string[] {
  // A tab would be measured as no column at all: it becomes the four spaces it is drawn as here.
  return token.text.replaceAll('\t', '    ').split('\n').flatMap((line) => {
    const lead = /^\s*/.exec(line)?.[0] ?? '';
    if (displayWidth(CODE_INDENT + line) <= width) return [line === '' ? '' : `${CODE_INDENT}${paint.code(line)}`];
    const first = `${CODE_INDENT}${lead}`;
    return wrapText(line.slice(lead.length), width, first, `${first}${CODE_CONTINUED}`).map((l) => {
      const indent = /^\s*/.exec(l)?.[0] ?? '';
      return `${indent}${paint.code(l.slice(indent.length))}`;
    });
  });
}

// A list, numbered per list, each item's lines hanging under the text after its marker.
function listLines(token: Tokens.List, width: number, paint: MarkdownPaint): string[] {
  const first = token.start === '' ? 1 : Number(token.start);
  const items = token.items.map((item, index) => {
    const marker = `${token.ordered ? `${first + index}.` : '*'} `;
    const hang = ' '.repeat(marker.length);
    const body = blockLines(item.tokens, roomAfter(`${LIST_INDENT}${marker}`, width), paint, item.loose);
    return body.map((line, i) => (line === '' ? '' : `${LIST_INDENT}${i === 0 ? marker : hang}${line}`));
  });
  return items.flatMap((lines, i) => (i > 0 && token.loose ? ['', ...lines] : lines));
}

function tableOf(token: Tokens.Table, width: number, paint: MarkdownPaint): string[] {
  const cells = (row: Tokens.TableCell[]) => row.map((cell) => inline(cell.tokens, width, paint));
  return tableLines(cells(token.header), token.rows.map(cells), width, paint);
}

// Inline markup as one painted string; a code span that fits in `room` columns is kept on one line.
function inline(tokens: Token[], room: number, paint: MarkdownPaint): string {
  return tokens.map((token) => inlineOne(token, room, paint)).join('');
}

function inlineOne(token: Token, room: number, paint: MarkdownPaint): string {
  switch (token.type) {
    case 'text':
      return 'tokens' in token && token.tokens ? inline(token.tokens, room, paint) : decode(token.text).replace(/\s*\n\s*/g, ' ');
    case 'escape':
      return token.text;
    case 'codespan':
      return paint.code(keepTogether(token.text.replace(/\s*\n\s*/g, ' ')));
    case 'strong':
    case 'em':
      return paint.strong(inline(token.tokens ?? [], room, paint));
    case 'del':
      return paint.dim(inline(token.tokens ?? [], room, paint));
    case 'link': {
      const text = inline(token.tokens ?? [], room, paint);
      return text === token.href ? paint.dim(token.href) : `${text} ${paint.dim(`(${token.href})`)}`;
    }
    case 'image':
      return `${token.text} ${paint.dim(`(${token.href})`)}`;
    case 'br':
      return '\n';
    case 'html':
      return paint.dim(token.text);
    default:
      return token.raw;
  }
}

// Text with HTML's common entities written as the characters they stand for.
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}
