// Stage instructions (Markdown) as terminal text: headings stand out, code is indented, markup is dropped.

/** How to paint each kind of text; identity functions give plain text. */
export type MarkdownPaint = { heading: (s: string) => string; strong: (s: string) => string; code: (s: string) => string; dim: (s: string) => string };

function inline(line: string, paint: MarkdownPaint): string {
  return line
    .replace(/`([^`]+)`/g, (_, code: string) => paint.code(code))
    .replace(/\*\*([^*]+)\*\*/g, (_, text: string) => paint.strong(text))
    .replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s).,;:!?]|$)/g, (_, before: string, text: string) => `${before}${paint.strong(text)}`)
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, text: string, url: string) => `${text} (${url})`);
}

// The terminal rendering of a Markdown text.
export function markdownText(markdown: string, paint: MarkdownPaint): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(`    ${paint.code(line)}`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = inline(heading[2] ?? '', { ...paint, code: (s) => s });
      out.push(heading[1] === '#' ? paint.heading(text.toUpperCase()) : paint.heading(text));
      continue;
    }
    if (/^\s*\|?[\s:-]+\|[\s|:-]*$/.test(line)) {
      out.push(paint.dim(line));
      continue;
    }
    out.push(inline(line, paint));
  }
  return out.join('\n');
}
