import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './cli.ts';
import { type Content, echoContent } from './echo-content.ts';

// Issue 36: a stage text's links on the `ui` page keep only http(s) and in-page targets. A stage whose text links to
// javascript: and data: targets (inline, autolink, reference) is served by `ui --no-open` as the page asks for it
// (GET /stage): none of them is a link there; the http(s) and "#…" links are.

let content: Content;
beforeAll(async () => {
  content = await echoContent(async (dir) => {
    await appendFile(join(dir, 'stages', 'echo.md'), [
      '',
      '## Links',
      '',
      '[run me](javascript:alert(document.cookie)) <javascript:alert(2)> [ref][r] [page](data:text/html,<script>alert(3)</script>)',
      '[the spec](https://example.com/spec) and [up](#s-links)',
      '',
      '[r]: JaVaScRiPt:alert(4)',
      '',
    ].join('\n'));
  });
});
afterAll(() => content?.dispose());

// A course directory of its own (in the content's folder, removed with it): a program that answers nothing.
async function courseDir(): Promise<string> {
  const dir = join(content.dir, 'student');
  await mkdir(dir);
  await writeFile(join(dir, 'program.ts'), 'process.exitCode = 1;\n');
  return dir;
}

// The body of a GET of the ui server (node's http: no browser headers).
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('ui: links in a stage text (e2e)', () => {
  it('serves javascript: and data: links as text, http(s) and in-page links as links', async () => {
    const child = execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'ui', '--no-open', '--stage', 'echo', '--dir', await courseDir(), '--content', content.dir], { reject: false, env: { NO_COLOR: '1', DISPLAY: '' } });
    try {
      let output = '';
      const page = await new Promise<URL>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const found = /the course page is at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
          if (found?.[1]) resolve(new URL(found[1]));
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
        void child.then(() => reject(new Error(`ui exited before printing its address:\n${output}`)));
      });
      const stage = new URL('/stage', page);
      stage.searchParams.set('slug', 'echo');
      stage.searchParams.set('token', page.searchParams.get('token') ?? '');
      const { status, body } = await get(stage.href);
      expect(status).toBe(200);
      const { html } = JSON.parse(body) as { html: string };
      expect(html).toContain('run me (javascript:alert(document.cookie))');
      expect(html).not.toMatch(/href="\s*(javascript|data):/i);
      expect(html.match(/<a\b[^>]*href="([^"]*)"/g)?.map((a) => /href="([^"]*)"/.exec(a)?.[1]).filter((href) => !href?.startsWith('#s-'))).toEqual(['https://example.com/spec']);
      expect(html).toContain('<a href="#s-links">up</a>');
    } finally {
      child.kill('SIGTERM');
      await child;
    }
  }, 120_000);
});
