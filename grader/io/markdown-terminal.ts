import { Marked, type MarkedExtension, type RendererThis, type Tokens } from 'marked';
import { markedTerminal } from 'marked-terminal';

/** How to paint each kind of text; identity functions give plain text. */
export type MarkdownPaint = {
  heading: (s: string) => string;
  strong: (s: string) => string;
  code: (s: string) => string;
  dim: (s: string) => string;
};

const TAB = 4;

// Stage instructions (Markdown) as terminal text, rendered by marked and marked-terminal: tables as
// tables, code spans kept whole, links with their address. Every style comes from `paint`, so
// --no-color gives plain text; emoji shortcodes stay off (`path:line:text` is not an emoji).
export function markdownTerminal(markdown: string, paint: MarkdownPaint, colored: boolean): string {
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
    tableOptions: colored ? {} : { style: { head: [], border: [] } },
  });
  const marked = new Marked(terminal, {
    renderer: {
      // Code blocks painted with our code colour (marked-terminal would pick its own highlighter's).
      code: ({ text }: Tokens.Code) => `${indent(paint.code(text))}\n\n`,
      // A tight list item's text holds inline markup (code spans, bold) that marked-terminal would print raw.
      text(this: RendererThis, token: Tokens.Text | Tokens.Escape) {
        return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : false;
      },
    },
  } satisfies MarkedExtension);
  return (marked.parse(markdown, { async: false }) as string).replace(/\n{3,}/g, '\n\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `${' '.repeat(TAB)}${line}`)
    .join('\n');
}
