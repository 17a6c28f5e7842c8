import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

// The lines of a Markdown text that start with a command (`npx …`, `npm …`) outside a fenced code block, as "file:line".
function bareCommandLines(file: string, text: string): string[] {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return !fenced && /^\s*(npx|npm) /.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe('the docs', () => {
  it('show every command a reader types in a code block, never as a bare line of prose', () => {
    expect(pages.flatMap((file) => bareCommandLines(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it('find a bare command line (the check itself)', () => {
    expect(bareCommandLines('x.md', '## The ui command\nnpx dispatch-lab ui\n\nopens a page')).toEqual(['x.md:2: npx dispatch-lab ui']);
    expect(bareCommandLines('x.md', '```sh\nnpx dispatch-lab ui\n```\n')).toEqual([]);
  });
});
