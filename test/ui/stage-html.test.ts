import { describe, expect, it } from 'vitest';
import { headingId, isSafeHref, stageHtml } from '../../grader/ui/core/stage-html.ts';

describe('stageHtml', () => {
  it('gives every heading a unique id and lists it', () => {
    const { html, headings } = stageHtml('# Title\n\n## Run it\n\ntext\n\n## Run it\n\n### The `echo` tool\n');
    expect(headings.map((h) => h.id)).toEqual(['s-title', 's-run-it', 's-run-it-2', 's-the-echo-tool']);
    expect(headings.map((h) => h.depth)).toEqual([1, 2, 2, 3]);
    expect(html).toContain('<h2 id="s-run-it-2">Run it <a class="anchor" href="#s-run-it-2"');
  });

  it('marks code blocks with their language and escapes their text', () => {
    const { html } = stageHtml('```ts\nconst a = b < c && "x";\n```\n');
    expect(html).toContain('<code class="language-ts">const a = b &#60; c &#38;&#38; &#34;x&#34;;</code>');
  });

  it('renders tables with their alignment as classes (the CSP allows no inline style)', () => {
    const { html } = stageHtml('| a | b |\n|:--|--:|\n| `x` | y |\n');
    expect(html).toContain('<th class="align-left">a</th><th class="align-right">b</th>');
    expect(html).toContain('<td class="align-left"><code>x</code></td>');
    expect(html).not.toContain('style=');
  });

  it('shows raw HTML and images as text, so the page loads nothing and runs nothing from the text', () => {
    const { html } = stageHtml('<script>alert(1)</script>\n\nA <b onclick="x()">tag</b> and ![logo](https://example.com/a.png)\n');
    expect(html).not.toMatch(/<script|<b |<img/);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('[image: logo]');
  });

  it.each<[string, boolean]>([
    ['https://modelcontextprotocol.io/spec', true],
    ['HTTP://example.com/a?b=c', true],
    ['#s-run-it', true],
    ['#', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['//evil.example/x', false],
    ['other-stage.md', false],
    ['https:alert(1)', false],
    ['https:// spaced', false],
    ['#a b', false],
  ])('isSafeHref(%j) = %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });

  it.each([
    ['[run me](javascript:alert(document.cookie))', 'run me (javascript:alert(document.cookie))'],
    ['<javascript:alert(1)>', 'javascript:alert(1)'],
    ['[x][r]\n\n[r]: JAVASCRIPT:alert(1)', 'x (JAVASCRIPT:alert(1))'],
    ['[page](data:text/html;base64,PHNjcmlwdD4=)', 'page (data:text/html;base64,PHNjcmlwdD4=)'],
  ])('renders a link to %j as text, never as a link', (markdown, text) => {
    const { html } = stageHtml(markdown);
    expect(html).not.toMatch(/<a\b/);
    expect(html).toContain(`<span class="link">${text}</span>`);
  });

  it('keeps http(s) links (opened without the page as their opener) and in-page links', () => {
    const { html } = stageHtml('See [the spec](https://example.com/spec "The spec") and [below](#s-run-it).\n');
    expect(html).toContain('<a href="https://example.com/spec" title="The spec" rel="noopener noreferrer">the spec</a>');
    expect(html).toContain('<a href="#s-run-it">below</a>');
  });

  it.each([
    ['What to build', 'what-to-build'],
    ['str_replace: one edit', 'str-replace-one-edit'],
    ['Ünïcode ok', 'ünïcode-ok'],
    ['!!!', 'section'],
  ])('headingId(%s)', (text, id) => {
    expect(headingId(text)).toBe(id);
  });
});
