import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { markdownTerminal } from '../../grader/text/io/markdown-terminal.ts';
import { NO_BREAK } from '../../grader/text/core/wrap-text.ts';
import { layoutProblems } from '../broken-words.ts';

const marks = { heading: (s: string) => `<h>${s}</h>`, strong: (s: string) => `<b>${s}</b>`, code: (s: string) => `<c>${s}</c>`, dim: (s: string) => s };
const plain = { heading: (s: string) => s, strong: (s: string) => s, code: (s: string) => s, dim: (s: string) => s };
const render = (markdown: string) => markdownTerminal(markdown, marks).trim();

describe('markdownTerminal', () => {
  it.each([
    ['# Title `x`', '<h>Title <c>x</c></h>'],
    ['## What to build', '<h>What to build</h>'],
    ['Call `view` with **path**.', 'Call <c>view</c> with <b>path</b>.'],
    ['an *answer*, not a crash', 'an <b>answer</b>, not a crash'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['glob `**/*.ts` finds `a.ts`', 'glob <c>**/*.ts</c> finds <c>a.ts</c>'],
    ['lets `*` cross directories', 'lets <c>*</c> cross directories'],
    ['a span `that wraps\nacross lines` stays whole', 'a span <c>that wraps across lines</c> stays whole'],
    ['- item with `code` and **bold**', '* item with <c>code</c> and <b>bold</b>'],
    ['see [the docs](https://example.com)', 'see the docs (https://example.com)'],
    ['`path:line:text` is no emoji :smile:', '<c>path:line:text</c> is no emoji :smile:'],
    ['```json\n{"a": 1}\n```', '<c>{"a": 1}</c>'],
  ])('%j', (markdown, text) => {
    expect(render(markdown)).toBe(text);
  });

  it('draws a table as a table', () => {
    const lines = render('| a | b |\n|---|---|\n| `x` | y |').split('\n');
    expect(lines[0]).toMatch(/^┌─+┬─+┐$/);
    expect(lines).toContainEqual(expect.stringMatching(/^│ <c>x<\/c> │ y +│$/));
  });

  it('wraps a wide table to the width, every row aligned', () => {
    const cell = 'word '.repeat(40).trim();
    const lines = markdownTerminal(`| a | b |\n|---|---|\n| \`x: 1\` | ${cell} |`, plain, 60).trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(new Set(lines.map((line) => line.length))).toEqual(new Set([60]));
  });

  it('numbers a nested ordered list per list and indents it', () => {
    expect(render('1. one\n2. two\n   1. inner\n   2. inner two\n3. three').split('\n')).toEqual(['1. one', '  2. two', '       1. inner', '       2. inner two', '  3. three']);
  });

  it('keeps the colons of a code span inside a table cell', () => {
    expect(render('| `"a": 1` | b |\n|---|---|\n| c | d |')).toContain('<c>"a": 1</c>');
  });
});

// Every code span of a Markdown text, as marked reads it (line breaks inside a span are spaces).
function codeSpans(tokens: Token[]): string[] {
  return tokens.flatMap((token) => {
    const own = token.type === 'codespan' ? [(token as { text: string }).text] : [];
    const nested = 'tokens' in token && Array.isArray(token.tokens) ? codeSpans(token.tokens as Token[]) : [];
    const items = token.type === 'list' ? codeSpans((token as { items: Token[] }).items) : [];
    const cells = token.type === 'table' ? codeSpans([...(token as { header: { tokens: Token[] }[] }).header, ...(token as { rows: { tokens: Token[] }[][] }).rows.flat()].flatMap((cell) => cell.tokens)) : [];
    return [...own, ...nested, ...items, ...cells];
  });
}

describe('every stage text renders its code spans whole', () => {
  const stagesDir = fileURLToPath(new URL('../../stages', import.meta.url));
  const texts = readdirSync(stagesDir).filter((f) => f.endsWith('.md')).sort();

  it.each(texts)('%s', (file) => {
    const markdown = readFileSync(join(stagesDir, file), 'utf8');
    const spans = codeSpans(Lexer.lex(markdown));
    // Wide enough that no table cell wraps (wrapping may split a span across lines).
    const output = markdownTerminal(markdown, { ...plain, code: (s) => `⟦${s}⟧` }, 100_000);
    const rendered = [...output.matchAll(/⟦([^⟧]*)⟧/g)].map((m) => m[1]);
    const unescape = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
    expect(spans.length).toBeGreaterThan(0);
    expect(rendered.filter((s) => !s?.includes('\n')).map((s) => unescape(s ?? ''))).toEqual(expect.arrayContaining(spans.map(unescape)));
    expect(output).not.toMatch(/(^|[^`])`[^`\n]+`/m);
  });
});

describe('every stage text fits the screen', () => {
  const stagesDir = fileURLToPath(new URL('../../stages', import.meta.url));
  const texts = readdirSync(stagesDir).filter((f) => f.endsWith('.md')).sort();
  const table = texts.flatMap((file) => [80, 60].map((width) => [file, width] as const));

  it.each(table)('%s at %i columns: no word broken, no line too wide', (file, width) => {
    const markdown = readFileSync(join(stagesDir, file), 'utf8');
    const output = markdownTerminal(markdown, plain, width);
    expect(layoutProblems(output, markdownTerminal(markdown, plain, 100_000), width)).toEqual([]);
    expect(output).not.toContain(NO_BREAK);
  });

  it('shows the echo stage at 80 columns as the snapshot has it', async () => {
    const output = markdownTerminal(readFileSync(join(stagesDir, 'echo.md'), 'utf8'), plain, 80);
    await expect(output).toMatchFileSnapshot('__snapshots__/echo-at-80-columns.txt');
  });
});

describe('layout', () => {
  const at = (markdown: string, width: number) => markdownTerminal(markdown, plain, width).trimEnd().split('\n');

  it('reflows a paragraph at spaces and keeps a code span on one line', () => {
    const lines = at('turn that request into real work: call `tools.strReplace(path, oldStr, newStr)` once\nand then stop', 40);
    expect(lines).toEqual(['turn that request into real work: call', 'tools.strReplace(path, oldStr, newStr)', 'once and then stop']);
  });

  it('counts emoji and CJK as two columns', () => {
    expect(at('✅ ✅ ✅ ✅ ✅ ✅ ✅ ✅ ✅ ✅ 日本 日本', 20)).toEqual(['✅ ✅ ✅ ✅ ✅ ✅ ✅', '✅ ✅ ✅ 日本 日本']);
  });

  it('breaks only a word wider than the line', () => {
    const lines = at(`short ${'x'.repeat(30)} end`, 20);
    expect(lines.every((line) => line.length <= 20)).toBe(true);
    expect(lines.join('')).toContain('x'.repeat(20));
  });

  it('keeps list items hanging under their text and quotes behind their bar', () => {
    expect(at('- one two three four five six seven eight nine ten\n\n> quoted words go on and on and on here', 24)).toEqual([
      '  * one two three four',
      '    five six seven eight',
      '    nine ten',
      '',
      '│ quoted words go on and',
      '│ on and on here',
    ]);
  });

  it('turns a table too narrow for its words into one block per row', () => {
    const lines = at('| field | meaning |\n|---|---|\n| `view_range` | the first and last line to show, both included |', 24);
    expect(lines).toEqual(['• field: view_range', '  meaning: the first', '      and last line to', '      show, both', '      included']);
  });
});
