// A stage's instructions (Markdown) as HTML for the page: headings with ids and a contents list, code blocks marked
// with their language for the page's highlighter, raw HTML and images shown as text (the page loads nothing from outside),
// and links kept only to http(s) pages and to places in the page: any other target (javascript:, data:, a file) is text.
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../text/core/html-text.ts';

/** A heading of the text, for the contents list. */
export type StageHeading = { id: string; depth: number; text: string };

export type StageHtml = { html: string; headings: StageHeading[] };

// A heading's text as a URL fragment: lower case, letters and digits joined by dashes.
export function headingId(text: string): string {
  return text.toLowerCase().replace(/<[^>]*>/g, '').replace(/&[#\w]+;/g, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'section';
}

// Whether a link may stay a link: an http(s) address or a place in the page ("#…"), nothing that runs or opens a file.
export function isSafeHref(href: string): boolean {
  return /^https?:\/\/[^\s]/i.test(href) || /^#[^\s]*$/.test(href);
}

// A stage's Markdown as HTML, with its headings (ids unique within the text).
export function stageHtml(markdown: string): StageHtml {
  const headings: StageHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline: (tokens: Tokens.Heading['tokens']) => string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = `s-${headingId(inner)}`;
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        headings.push({ id, depth: token.depth, text: token.text });
        return `<h${token.depth} id="${id}">${inner} <a class="anchor" href="#${id}" aria-label="link to this section">#</a></h${token.depth}>\n`;
      },
      code(token: Tokens.Code) {
        const lang = (token.lang ?? '').match(/^[\w-]+/)?.[0] ?? '';
        const cls = lang ? ` class="language-${escapeHtml(lang)}"` : '';
        return `<pre><code${cls}>${escapeHtml(token.text)}</code></pre>\n`;
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      link(this: { parser: { parseInline: (tokens: Tokens.Link['tokens']) => string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        if (!isSafeHref(token.href)) return `<span class="link">${inner}${token.text === token.href ? '' : ` (${escapeHtml(token.href)})`}</span>`;
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        const external = token.href.startsWith('#') ? '' : ' rel="noopener noreferrer"';
        return `<a href="${escapeHtml(token.href)}"${title}${external}>${inner}</a>`;
      },
      image(token: Tokens.Image) {
        return `<span class="image">[image: ${escapeHtml(token.text || token.href)}]</span>`;
      },
      table(this: { parser: { parseInline: (tokens: Tokens.TableCell['tokens']) => string } }, token: Tokens.Table) {
        const cell = (c: Tokens.TableCell, tag: 'th' | 'td') => `<${tag}${c.align ? ` class="align-${c.align}"` : ''}>${this.parser.parseInline(c.tokens)}</${tag}>`;
        const head = `<tr>${token.header.map((c) => cell(c, 'th')).join('')}</tr>`;
        const body = token.rows.map((row) => `<tr>${row.map((c) => cell(c, 'td')).join('')}</tr>`).join('\n');
        return `<div class="table"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false }) as string;
  return { html, headings };
}
