import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every link in the README and docs/ resolves: a relative link names a file or folder of the repository, and a
// #fragment names a heading of the page it points to (GitHub's anchors). Links to other sites are not fetched.

const root = join(import.meta.dirname, '../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

// The page's text without fenced code blocks and inline code, where brackets are not links.
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

// GitHub's anchor of a heading: lower case, punctuation dropped (but - and _), spaces as -; repeats get -1, -2, ….
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = match[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

// Every [text](target) of a page, with its line.
function linksOf(text: string): { target: string; line: number }[] {
  const lines = prose(text).split('\n');
  return lines.flatMap((line, i) => [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ target: m[1]!, line: i + 1 })));
}

describe('links in the README and docs/', () => {
  it.each(pages)('%s: every relative link and anchor resolves', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const broken: string[] = [];
    for (const { target } of linksOf(text)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const file = path === '' ? join(root, page) : join(root, dirname(page), path);
      if (!existsSync(file)) {
        broken.push(`${target}: no file ${relative(root, file)}`);
        continue;
      }
      if (fragment === undefined) continue;
      if (statSync(file).isDirectory() || !file.endsWith('.md')) broken.push(`${target}: an anchor into a file that is not Markdown`);
      else if (!anchorsOf(readFileSync(file, 'utf8')).has(fragment)) broken.push(`${target}: ${relative(root, file)} has no heading #${fragment}`);
    }
    expect(broken).toEqual([]);
  });

  it('finds links at all, and an anchor the way GitHub spells it', () => {
    expect(linksOf(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(5);
    expect([...anchorsOf('# Exit codes and Ctrl-C\n## Flags, exit codes and signals\n```\n# not a heading\n```\n## Points\n## Points\n')])
      .toEqual(['exit-codes-and-ctrl-c', 'flags-exit-codes-and-signals', 'points', 'points-1']);
  });

  it('keeps the README short: a newcomer reads it in two minutes', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(120);
  });
});
