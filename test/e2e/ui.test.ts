import { cp, mkdir, readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser } from '../browser.ts';
import { repoRoot } from './cli.ts';
import { miniCourse, type MiniCourse } from './mini-course.ts';
import { makeStudentDir, type StudentDir } from './watch-harness.ts';

// `dispatch-lab ui` driven in headless Chromium through playwright-core (as the gradebook test does; test/browser.ts
// picks the browser, npm's by default): one echo stage of three cases, a student dir whose echo is broken and fixed on
// disk while the page watches.
/** Set to a path (e.g. docs/images/ui.png) to have the test save a picture of the page with a failing case. */
const SCREENSHOT = process.env.DISPATCH_LAB_UI_SCREENSHOT;
/** Generous: a run on a busy 2-core machine takes seconds; the page must follow each verdict, not beat a clock. */
const SEEN_MS = 60_000;

const ECHO_FILE = 'reference/tools/echo.ts';
const ECHO_RIGHT = 'success(value)';
// The received text differs by one character; stderr carries markup that the page must show as text.
const ECHO_BROKEN = `(console.error('<b id=injected>debug:</b> echo got', value), success(value.replace('l', '1')))`;
const HANG = 'await new Promise((resolve) => setTimeout(resolve, 120_000));\n';

/** A running `dispatch-lab ui`. */
type UiProcess = { url: string; output: () => string; exited: Promise<number>; child: ResultPromise };

// Start `ui --no-open` and wait until it prints its address (never racing its start).
async function startUi(dir: string, content: string): Promise<UiProcess> {
  const child = execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'ui', '--no-open', '--stage', 'echo', '--dir', dir, '--content', content, '--timeout', '100000'], { reject: false, env: { NO_COLOR: '1', DISPLAY: '' } });
  let output = '';
  const exited = child.then((r) => r.exitCode ?? -1);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /the course page is at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`ui exited (${code}) before printing its address:\n${output}`)));
  });
  return { url, output: () => output, exited, child };
}

// The status code of a GET with these headers (node's http, which lets a test send any Host and Origin).
function statusOf(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{"key":"rerun"}' : undefined);
  });
}

// Processes whose working directory is the dir: the student's programs (the grader itself runs elsewhere).
async function processesIn(dir: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((e) => /^\d+$/.test(e));
  const found = await Promise.all(pids.map(async (pid) => ((await readlink(`/proc/${pid}/cwd`).catch(() => '')) === dir ? [Number(pid)] : [])));
  return found.flat();
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < SEEN_MS; waited += 100) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const status = (page: Page) => page.locator('#status');

// Every box of the page whose content is wider than it, unless it scrolls with its mark on (scroll-marks.ts: a Tab stop
// and edge shadows, since scroll bars are invisible in headless chromium and on many desktops until one scrolls).
function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const named = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (['inline', 'none', 'contents', 'table-row', 'table-row-group', 'table-header-group'].includes(style.display)) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const marked = el.classList.contains('scrolls');
      if (!marked && el.parentElement?.closest('.scrolls')) continue;
      const visible = marked && ['auto', 'scroll'].includes(style.overflowX) && el.tabIndex === 0 && style.backgroundImage.includes('gradient');
      if (!visible) problems.push(`${named(el)} in ${named(el.parentElement ?? el)}: ${el.scrollWidth} px of content in ${el.clientWidth} px, overflow-x ${style.overflowX}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth} px`);
    return problems;
  });
}

const keyLabel = (page: Page, letter: string) => page.locator(`#keys button[aria-keyshortcuts="${letter}"]`).textContent();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

let browser: Browser;
let course: MiniCourse;
let student: StudentDir;
let ui: UiProcess | undefined;

beforeAll(async () => {
  course = await miniCourse();
  // A second stage, so that the list shows a stage not yet graded beside the one worked on.
  const manifest = JSON.parse(await readFile(course.path('stages/stages.json'), 'utf8')) as { stages: object[] };
  manifest.stages.push({ slug: 'view', title: 'view: numbered lines and directory listings', command: 'dispatch' });
  await writeFile(course.path('stages/stages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await cp(join(repoRoot, 'stages/view.md'), course.path('stages/view.md'));
  await cp(join(repoRoot, 'cases/view/one-line-file.json'), course.path('cases/view/one-line-file.json'));
  student = await makeStudentDir();
  ({ browser } = await launchTestBrowser());
});

afterAll(async () => {
  if (ui && ui.child.exitCode === null) ui.child.kill('SIGKILL');
  await ui?.exited;
  await browser?.close();
  await student?.dispose();
  await course?.dispose();
});

describe('dispatch-lab ui in headless chromium (e2e)', () => {
  it('refuses requests without the token or from another origin, follows the run live, and stops on Ctrl-C with 130', { timeout: 300_000 }, async () => {
    ui = await startUi(student.dir, course.dir);
    const { url } = ui;
    const origin = new URL(url).origin;
    const events = `${origin}/events${new URL(url).search}`;

    // Only the token opens it; a foreign Origin or Host is refused even with the token, on the page, the live channel and the keys.
    expect(await statusOf(url)).toBe(200);
    expect(await statusOf(`${origin}/`)).toBe(403);
    expect(await statusOf(`${origin}/?token=guessed`)).toBe(403);
    expect(await statusOf(`${origin}/events`)).toBe(403);
    expect(await statusOf(url, { Origin: 'http://evil.example' })).toBe(403);
    expect(await statusOf(events, { Origin: 'http://evil.example' })).toBe(403);
    expect(await statusOf(`${origin}/key${new URL(url).search}`, { Origin: 'http://evil.example', 'Content-Type': 'application/json' }, 'POST')).toBe(403);
    expect(await statusOf(url, { Host: 'evil.example' })).toBe(421);

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(url);
    await expect.poll(() => page.locator('#stage-list li').allTextContents(), { timeout: SEEN_MS }).toEqual([expect.stringContaining('echo'), expect.stringContaining('view')]);
    await expect.poll(() => page.locator('#stage-body h1').textContent(), { timeout: SEEN_MS }).toContain('The first roundtrip');
    expect(await page.locator('#toc a').count()).toBeGreaterThan(2);
    expect(await page.locator('#stage-body pre code.hljs').count()).toBeGreaterThan(0);
    await expect.poll(() => status(page).textContent(), { timeout: SEEN_MS }).toContain('✓ echo passes');
    await expect.poll(() => page.locator('#stage-list .score').allTextContents(), { timeout: SEEN_MS }).toEqual(['3/3', 'not yet, 1 case']);
    expect(await page.locator('#stage-list .mark.pass').count()).toBe(1);

    // Broken on disk: the failing case appears with its difference, both values, the changed part marked.
    await student.edit(ECHO_FILE, ECHO_RIGHT, ECHO_BROKEN);
    const failure = page.locator('.failure', { hasText: 'echo hands its text back as the content' });
    await failure.waitFor({ timeout: SEEN_MS });
    await expect.poll(() => status(page).textContent(), { timeout: SEEN_MS }).toMatch(/✗ echo: 1 of 3 cases fail/);
    const row = failure.locator('table.differences tbody tr').first();
    expect(await row.locator('th').textContent()).toBe('results[0].content');
    expect(await row.locator('td').nth(0).textContent()).toBe('"hello"');
    expect(await row.locator('td').nth(1).textContent()).toBe('"he1lo"');
    expect(await row.locator('mark.expected').textContent()).toBe('l');
    expect(await row.locator('mark.received').textContent()).toBe('1');
    expect(await failure.locator('.part.sent pre').textContent()).toContain('0: echo {"text":"hello"}');
    expect(await failure.locator('.hint').textContent()).toContain('Route the name "echo"');
    expect(await failure.locator('.command code').first().textContent()).toContain('dispatch');
    expect(await failure.locator('button.copy').count()).toBe(2);
    const rerun = failure.locator('.command', { hasText: 'rerun:' });
    await rerun.locator('button.copy').click();
    await expect.poll(() => rerun.locator('button.copy').textContent(), { timeout: SEEN_MS }).toBe('copied ✓');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(await rerun.locator('code').textContent());
    // What the program printed is text, never markup.
    expect(await failure.locator('.part.stderr pre').textContent()).toContain('<b id=injected>debug:</b> echo got hello');
    expect(await page.locator('#injected').count()).toBe(0);
    // The stage list is redrawn from its own part of a snapshot: wait for it as for the rest (seen failing once on a loaded machine).
    await expect.poll(() => page.locator('#stage-list .mark.fail').count(), { timeout: SEEN_MS }).toBe(1);
    if (SCREENSHOT) {
      await mkdir(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
    }

    // 1280 px (two columns): the stage text's long signature line scrolls in a marked box; nothing else is too wide.
    const wide = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await wide.goto(url);
    await wide.locator('.failure', { hasText: 'echo hands its text back as the content' }).waitFor({ timeout: SEEN_MS });
    await wide.locator('#stage-body pre code.hljs').first().waitFor({ timeout: SEEN_MS });
    await expect.poll(() => overflowProblems(wide), { timeout: SEEN_MS }).toEqual([]);
    expect(await wide.locator('#stage-body pre.scrolls', { hasText: 'makeExecute(tools: Tools)' }).count()).toBe(1);
    // Tab: the skip links come first; the one to the failing case lands in it, and the next stop is its first button
    // (the <pre> blocks, which wrap, are not Tab stops).
    expect(await wide.locator('#results pre[tabindex]').count()).toBe(await wide.locator('#results pre.scrolls').count());
    await wide.keyboard.press('Tab');
    await wide.keyboard.press('Tab');
    expect(await focusedText(wide)).toBe('skip to the failing case');
    await wide.keyboard.press('Enter');
    expect(await wide.evaluate(() => document.activeElement?.closest('.failure')?.getAttribute('aria-label'))).toBe('failing case echo hands its text back as the content');
    await wide.keyboard.press('Tab');
    expect(await wide.evaluate(() => document.activeElement?.matches('.failure button.copy, .failure .scrolls') ?? false)).toBe(true);
    await wide.close();

    // A second tab sees the same run; the keys work from the keyboard (h: the hints of the failing cases).
    const second = await browser.newPage({ viewport: { width: 400, height: 900 } });
    await second.goto(url);
    await second.locator('.failure', { hasText: 'echo hands its text back as the content' }).waitFor({ timeout: SEEN_MS });
    expect(await second.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
    // 400 px: what differs wraps in its box (no box wider than its room unless it scrolls, marked).
    await expect.poll(() => overflowProblems(second), { timeout: SEEN_MS }).toEqual([]);
    // The keyboard reaches the stage list in two Tabs: the first skip link, Enter, Tab (the folded list opens).
    await second.keyboard.press('Tab');
    expect(await focusedText(second)).toBe('skip to the stages');
    await second.keyboard.press('Enter');
    await second.keyboard.press('Tab');
    expect(await second.evaluate(() => document.activeElement?.closest('#stage-list') !== null && document.activeElement?.tagName === 'BUTTON')).toBe(true);
    // h toggles the hints of the failing cases.
    await second.keyboard.press('h');
    await page.locator('.hints li', { hasText: 'echo hands its text back as the content' }).waitFor({ timeout: SEEN_MS });
    expect(await page.locator('#keys button[aria-keyshortcuts="h"]').getAttribute('aria-pressed')).toBe('true');
    await second.close();

    // Fixed on disk: the stage passes and the failures go.
    await student.edit(ECHO_FILE, ECHO_BROKEN, ECHO_RIGHT);
    await expect.poll(() => status(page).textContent(), { timeout: SEEN_MS }).toContain('✓ echo passes');
    expect(await page.locator('.failure').count()).toBe(0);
    expect(requests.filter((r) => !r.startsWith(`${origin}/`))).toEqual([]);

    // n: view is focused. A save that breaks echo (passed before) shows echo's failure, marked as a regression, while
    // view stays the focus; the a key then names the stage the page shows, not the focus n set.
    await page.keyboard.press('n');
    await expect.poll(() => status(page).textContent(), { timeout: SEEN_MS }).toContain('✓ view passes');
    await student.edit(ECHO_FILE, ECHO_RIGHT, ECHO_BROKEN);
    await expect.poll(() => status(page).textContent(), { timeout: SEEN_MS }).toMatch(/✗ echo: 1 of 3 cases fail/);
    const regressed = page.locator('.stage-run[data-stage="echo"]');
    expect(await regressed.locator('.regression').textContent()).toContain('echo passed before and fails now');
    expect(await regressed.locator('.failure', { hasText: 'echo hands its text back as the content' }).count()).toBe(1);
    expect(await page.locator('.stage-run[data-stage="view"] h2 .mark.pass').count()).toBe(1);
    expect(await keyLabel(page, 'a')).toBe('a all stages');
    await page.keyboard.press('a');
    await expect.poll(() => keyLabel(page, 'a'), { timeout: SEEN_MS }).toBe('a only echo');
    await expect.poll(() => status(page).textContent(), { timeout: SEEN_MS }).toMatch(/✗ echo: 1 of 3 cases fail/);
    expect(await page.locator('#stage-list li.current .slug').textContent()).toBe('echo');
    expect(await keyLabel(page, 'a')).toBe('a only echo');

    // Closing the page leaves the server running; Ctrl-C during a run stops it, kills every case and exits 130.
    await context.close();
    expect(await statusOf(url)).toBe(200);
    const program = await readFile(join(student.dir, 'program.ts'), 'utf8');
    await student.write('program.ts', `${HANG}${program}`);
    await until(async () => (await processesIn(student.dir)).length > 0, 'the hanging cases to start');
    ui.child.kill('SIGINT');
    expect(await ui.exited).toBe(130);
    await until(async () => (await processesIn(student.dir)).length === 0, 'every case to be gone');
    await expect(statusOf(url)).rejects.toThrow();
  });
});
