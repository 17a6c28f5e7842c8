import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePrograms, repoRoot, runCli } from './cli.ts';

// The HTML gradebook opened in a real browser: Debian's chromium, driven by playwright-core. .ci/run installs chromium;
// without it these tests fail (they never skip), saying how to install it.
const CHROMIUM = process.env.DISPATCH_LAB_CHROMIUM ?? '/usr/bin/chromium';
const GRADE_TIMEOUT_MS = 240_000;

// A two-stage course small enough that a hanging submission times out quickly: echo and view, two cases each.
async function smallCourse(dir: string): Promise<void> {
  await mkdir(join(dir, 'stages'), { recursive: true });
  await writeFile(join(dir, 'stages', 'stages.json'), `${JSON.stringify({ stages: [{ slug: 'echo', title: 'Echo', command: 'dispatch' }, { slug: 'view', title: 'View', command: 'dispatch' }] })}\n`);
  await cp(join(repoRoot, 'cases', 'case.schema.json'), join(dir, 'cases', 'case.schema.json'));
  const picked: Record<string, string[]> = { echo: ['roundtrip', 'unknown-tool'], view: ['one-line-file', 'missing-file'] };
  for (const [stage, names] of Object.entries(picked)) {
    await cp(join(repoRoot, 'stages', `${stage}.md`), join(dir, 'stages', `${stage}.md`));
    for (const name of names) await cp(join(repoRoot, 'cases', stage, `${name}.json`), join(dir, 'cases', stage, `${name}.json`));
  }
}

/** The browser's getComputedStyle (this project's TypeScript has no DOM library). */
type StyleOf = { getComputedStyle(element: unknown): { overflowX: string; position: string } };

// The computed style of the first element a selector finds.
function styleOf(page: Page, selector: string): Promise<{ overflowX: string; position: string }> {
  return page.locator(selector).first().evaluate((e) => {
    const style = (globalThis as unknown as StyleOf).getComputedStyle(e);
    return { overflowX: style.overflowX, position: style.position };
  });
}

// The submissions of the page, in table order.
function submissionsShown(page: Page): Promise<string[]> {
  return page.locator('#gradebook tbody th').allTextContents();
}

let work: string;
let content: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`chromium is not installed at ${CHROMIUM}: the HTML gradebook test needs it (apt-get install chromium; .ci/run installs it), or set DISPATCH_LAB_CHROMIUM to a Chromium binary`);
  }
  work = await mkdtemp(join(tmpdir(), 'dispatch-lab-html-'));
  content = join(work, 'content');
  await smallCourse(content);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the HTML gradebook in headless chromium (e2e)', () => {
  it('shows one row per submission, coloured stage points, and sorts by score both ways', async () => {
    const passing = join(fixturePrograms, 'honest');
    const failing = join(fixturePrograms, 'view-garbles-a-txt');
    const hanging = join(fixturePrograms, 'interval-forever');
    const out = join(work, 'book');
    const run = await runCli(['grade', passing, failing, hanging, '--content', content, '--timeout', '20000', '--jobs', '4', '--out', out], { timeoutMs: GRADE_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(1);
    const html = await readFile(`${out}.html`, 'utf8');
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    expect(html).not.toMatch(/<(link|img|iframe)\b|src=|url\(/);

    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(`${out}.html`).href);
    expect(await submissionsShown(page)).toEqual([passing, failing, hanging]);
    const cell = (row: number, column: number) => page.locator(`#gradebook tbody tr:nth-child(${row}) > :nth-child(${column})`);
    // Columns: submission, echo, view, score, first failing stage, problem.
    expect(await cell(1, 4).textContent()).toBe('4/4');
    expect([await cell(2, 2).textContent(), await cell(2, 2).getAttribute('class')]).toEqual(['2/2', 'number all']);
    expect([await cell(2, 3).textContent(), await cell(2, 3).getAttribute('class')]).toEqual(['1/2', 'number some']);
    expect(await cell(2, 5).textContent()).toBe('view');
    expect([await cell(3, 2).getAttribute('class'), await cell(3, 4).textContent(), await cell(3, 5).textContent()]).toEqual(['number none', '0/4', 'echo']);

    const score = page.getByRole('button', { name: 'Score' });
    await score.click();
    expect(await submissionsShown(page)).toEqual([hanging, failing, passing]);
    expect(await page.locator('th', { has: score }).getAttribute('aria-sort')).toBe('ascending');
    await score.click();
    expect(await submissionsShown(page)).toEqual([passing, failing, hanging]);
    expect(await page.locator('th', { has: score }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Submission' }).click();
    expect(await submissionsShown(page)).toEqual([passing, hanging, failing].sort());

    // In a 400 px window the page itself does not scroll sideways: the table scrolls in its box, the names stay in view.
    await page.setViewportSize({ width: 400, height: 700 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
    expect((await styleOf(page, '.table-wrap')).overflowX).toBe('auto');
    expect((await styleOf(page, '#gradebook tbody th')).position).toBe('sticky');
    expect(requests.every((url) => url.startsWith('file:'))).toBe(true);
    await page.close();
  }, GRADE_TIMEOUT_MS);

  it('renders a submission named like HTML, and the crash it prints, as text', async () => {
    const hostile = join(work, '<img src=x onerror=alert(1)>');
    await mkdir(hostile);
    await writeFile(join(hostile, 'program.ts'), "throw new Error('<b>bold</b><script>alert(2)</script>');\n");
    const out = join(work, 'hostile');
    const run = await runCli(['grade', hostile, '--content', content, '--stage', 'echo', '--timeout', '30000', '--out', out], { timeoutMs: GRADE_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(1);
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(pathToFileURL(`${out}.html`).href);
    expect(await submissionsShown(page)).toEqual([hostile]);
    expect(await page.locator('#gradebook td.problem').textContent()).toContain('Error: <b>bold</b><script>alert(2)</script>');
    expect(await page.locator('#gradebook tbody img, #gradebook tbody script, #gradebook tbody b').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  }, GRADE_TIMEOUT_MS);
});
