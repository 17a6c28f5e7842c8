import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser } from '../browser.ts';
import { gradebookHtml } from '../../grader/gradebook/core/gradebook-html.ts';
import type { Gradebook } from '../../grader/gradebook/core/gradebook.ts';
import { fixturePrograms, repoRoot, runCli } from './cli.ts';

// The HTML gradebook opened in a real browser: headless Chromium driven by playwright-core (test/browser.ts picks it:
// the one npm installs, by default). Without a browser that runs these tests fail (they never skip), saying what to do.
const GRADE_TIMEOUT_MS = 240_000;
/** gradebook.json's budget: 100 KB for 4 submissions of the 15-stage course, so this much per submission and stage. */
const JSON_BYTES_PER_SUBMISSION_STAGE = 100_000 / (4 * 15);

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

// A private case directory (--cases) with one view case that a.txt's garbling fails.
async function privateCases(dir: string): Promise<void> {
  const source = JSON.parse(await readFile(join(repoRoot, 'cases', 'view', 'one-line-file.json'), 'utf8')) as Record<string, unknown>;
  delete source.$schema;
  await mkdir(join(dir, 'view'), { recursive: true });
  await writeFile(join(dir, 'view', 'hidden-a.json'), JSON.stringify({ ...source, name: 'hidden: a.txt again' }));
}

/** The browser's navigation timing (this project's TypeScript has no DOM library). */
type Timing = { performance: { getEntriesByType(type: 'navigation'): { loadEventEnd: number }[] } };

/** The browser's globals this test reads (this project's TypeScript has no DOM library). */
type Dom = { getComputedStyle(element: unknown): { overflowX: string; position: string }; document: { documentElement: { scrollWidth: number } } };

// The computed style of the first element a selector finds.
function styleOf(page: Page, selector: string): Promise<{ overflowX: string; position: string }> {
  return page.locator(selector).first().evaluate((e) => {
    const style = (globalThis as unknown as Dom).getComputedStyle(e);
    return { overflowX: style.overflowX, position: style.position };
  });
}

// The names of the submissions shown, in table order.
function namesShown(page: Page): Promise<string[]> {
  return page.locator('#gradebook tbody:visible > tr:first-child > th').allTextContents();
}

let work: string;
let content: string;
let browser: Browser;
let out: string;
const passing = join(fixturePrograms, 'honest');
const failing = join(fixturePrograms, 'view-garbles-a-txt');
const hanging = join(fixturePrograms, 'interval-forever');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dispatch-lab-html-'));
  content = join(work, 'content');
  await smallCourse(content);
  await privateCases(join(work, 'private'));
  ({ browser } = await launchTestBrowser());
  out = join(work, 'book');
  const run = await runCli(['grade', passing, failing, hanging, '--content', content, '--cases', join(work, 'private'), '--timeout', '10000', '--jobs', '4', '--out', out], { timeoutMs: GRADE_TIMEOUT_MS });
  expect(run.exitCode, run.stderr).toBe(1);
  expect(run.stdout).toMatch(/^graded 3 submissions \(15 cases\) in \S+: [\d.]+ submissions\/min, [\d.]+ cases\/s$/m);
}, GRADE_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

// Open a gradebook page in a window of `width` px, recording every URL it requests.
async function open(path: string, width: number): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(path).href);
  return { page, requests };
}

describe('the HTML gradebook in headless chromium (e2e)', () => {
  it('keeps gradebook.json within its budget per submission and stage', async () => {
    // The folder the test works in is named in it (paths of the content and cases): counted as one character, so that
    // the budget measures the gradebook, not how long the machine's temp path is.
    const text = await readFile(`${out}.json`, 'utf8');
    const bytes = Buffer.byteLength(text.replaceAll(work, 'W'));
    expect(text).toContain(work);
    expect(bytes).toBeLessThanOrEqual(JSON_BYTES_PER_SUBMISSION_STAGE * 3 * 2);
  });

  it.each([1280, 400])('at %i px: the class summary, the most-failed cases, a failure expanded, filtered and sorted, nothing fetched', async (width) => {
    const { page, requests } = await open(`${out}.html`, width);
    // The class at a glance.
    expect(await page.locator('#stat-submissions').textContent()).toBe('3');
    expect(await page.locator('#stat-mean').textContent()).toMatch(/^\d+(\.\d+)? \/ 5$/);
    expect(await page.locator('#stat-median').textContent()).toMatch(/^\d+(\.\d+)? \/ 5$/);
    expect(await page.locator('#histogram rect').count()).toBe(10);
    expect(await page.locator('#stage-rates tr').allTextContents()).toEqual(['echo67 % (2/3)', 'view33 % (1/3)']);
    // The most-failed cases: the hidden a.txt case is failed by the garbler and the hang, marked private, linked to both.
    const hidden = page.locator('#most-failed > li', { hasText: 'view › hidden: a.txt again' });
    expect(await hidden.textContent()).toContain('failed by 2 of 3');
    expect(await hidden.locator('.tag.private').count()).toBe(1);
    expect(await hidden.locator('a').allTextContents()).toEqual(expect.arrayContaining(['view-garbles-a-txt', 'interval-forever']));
    expect(await hidden.locator('pre').first().textContent()).toMatch(/expected "1: A", received "garbled"|timed out/);

    // Name and total first, short names with the path in a tooltip; at 1280 px the total is in view.
    expect(await namesShown(page)).toEqual(['honest', 'view-garbles-a-txt', 'interval-forever']);
    expect(await page.locator('#gradebook tbody th').nth(1).getAttribute('title')).toBe(failing);
    const total = page.locator('#gradebook tbody .total').nth(1);
    expect(await total.textContent()).toBe('3/5');
    if (width === 1280) expect(((await total.boundingBox())?.x ?? 9999) + ((await total.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(1280);

    // A failing submission expands to its first difference, note or mistake, and hint, the private case marked.
    const details = page.locator('#d-1');
    expect(await details.isVisible()).toBe(false);
    await page.locator('#gradebook button.expand', { hasText: 'view-garbles-a-txt' }).click();
    expect(await details.isVisible()).toBe(true);
    const difference = details.locator('.failure', { hasText: 'A one-line file' });
    expect(await difference.locator('pre.difference').textContent()).toBe('results[0].content: expected "1: A", received "garbled"');
    expect(await difference.locator('.hint').textContent()).toMatch(/^hint: Put "N: "/);
    expect(await details.locator('.failure', { hasText: 'hidden: a.txt again' }).locator('.tag.private').count()).toBe(1);
    expect(await page.locator('#d-2').isVisible()).toBe(false);

    // Filter by name, then by status.
    await page.locator('#filter-name').fill('garb');
    expect(await namesShown(page)).toEqual(['view-garbles-a-txt']);
    expect(await page.locator('#shown').textContent()).toBe('1 of 3 shown');
    await page.locator('#filter-name').fill('');
    await page.locator('#filter-status').selectOption('problem');
    expect(await namesShown(page)).toEqual(['interval-forever']);
    expect(await page.locator('#gradebook tbody:visible td.problem').textContent()).toBe('timed out in 4 cases (1 more cut short after them)');
    await page.locator('#filter-status').selectOption('');

    // Sort by total, both ways; a submission's details move with it.
    const sortTotal = page.getByRole('button', { name: 'Total' });
    await sortTotal.click();
    expect(await namesShown(page)).toEqual(['interval-forever', 'view-garbles-a-txt', 'honest']);
    await sortTotal.click();
    expect(await namesShown(page)).toEqual(['honest', 'view-garbles-a-txt', 'interval-forever']);
    expect(await page.locator('#gradebook tbody').nth(1).locator('tr.details').isVisible()).toBe(true);

    // The jump links stay in the page.
    await page.locator('.meta a', { hasText: 'the submissions' }).click();
    expect(page.url()).toBe(`${pathToFileURL(`${out}.html`).href}#submissions`);
    // A most-failed link opens that submission.
    await hidden.locator('a', { hasText: 'interval-forever' }).click();
    expect(await page.locator('#d-2').isVisible()).toBe(true);

    // The page never scrolls sideways: the table scrolls in its box, its header and names sticky.
    expect(await page.evaluate(() => (globalThis as unknown as Dom).document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await styleOf(page, '.table-wrap')).overflowX).toBe('auto');
    expect((await styleOf(page, '#gradebook tbody th')).position).toBe('sticky');
    expect((await styleOf(page, '#gradebook thead th')).position).toBe('sticky');
    // The links to the files beside it are relative and those files exist; nothing but the page itself was requested.
    expect(await page.locator('.meta a:not([href^="#"])').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['book.json', 'book.csv', 'book-failures.csv']);
    for (const file of ['book.json', 'book.csv', 'book-failures.csv']) expect(existsSync(join(work, file))).toBe(true);
    expect(requests).toEqual([pathToFileURL(`${out}.html`).href]);
    await page.close();
  }, GRADE_TIMEOUT_MS);

  it('renders a class of 40 (the gradebook entries copied) and reports how long that took', async () => {
    const book = JSON.parse(await readFile(`${out}.json`, 'utf8')) as Gradebook;
    const rows = Array.from({ length: 40 }, (_, i) => book.submissions[i % book.submissions.length]).flatMap((r, i) => (r ? [{ ...r, submission: `${r.submission}-${i}` }] : []));
    const path = join(work, 'forty.html');
    await writeFile(path, gradebookHtml({ ...book, submissions: rows }));
    const { page, requests } = await open(path, 1280);
    // The browser's own clock: from the start of navigation to the end of the load event (parsing, style, layout, script).
    const renderMs = Math.round(await page.evaluate(() => (globalThis as unknown as Timing).performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? -1));
    expect(await page.locator('#gradebook tbody').count()).toBe(40);
    await page.locator('#filter-name').fill('honest');
    expect(await page.locator('#shown').textContent()).toBe('14 of 40 shown');
    expect(requests).toHaveLength(1);
    // A figure, not an assertion (no wall-clock checks in tests): how long chromium took to load and render the page.
    console.info(`gradebook of 40 submissions: loaded and rendered in chromium in ${renderMs} ms (this machine, its load included)`);
    await page.close();
  }, GRADE_TIMEOUT_MS);

  it('renders a submission named like HTML, and the crash it prints, as text', async () => {
    const hostile = join(work, '<img src=x onerror=alert(1)>');
    await mkdir(hostile);
    await writeFile(join(hostile, 'program.ts'), "throw new Error('<b>bold</b><script>alert(2)</script>');\n");
    const bookPath = join(work, 'hostile');
    const run = await runCli(['grade', hostile, '--content', content, '--stage', 'echo', '--timeout', '30000', '--out', bookPath], { timeoutMs: GRADE_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(1);
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(pathToFileURL(`${bookPath}.html`).href);
    expect(await namesShown(page)).toEqual(['<img src=x onerror=alert(1)>']);
    expect(await page.locator('#gradebook td.problem').textContent()).toContain('Error: <b>bold</b><script>alert(2)</script>');
    await page.getByRole('button', { name: '<img src=x onerror=alert(1)>' }).click();
    expect(await page.locator('#d-0 pre').first().textContent()).toContain('<script>alert(2)</script>');
    expect(await page.locator('#gradebook tbody img, #gradebook tbody script, #gradebook tbody b:has-text("bold"), #summary img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  }, GRADE_TIMEOUT_MS);
});
