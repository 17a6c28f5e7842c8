import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchTestBrowser } from '../browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Similarity } from '../../grader/similarity/core/similarity.ts';
import { runCli } from './cli.ts';
import { echoContent, type Content } from './echo-content.ts';
import { similaritySubmissions } from './similarity-set.ts';
import { openAsSpreadsheet } from '../spreadsheet-reading.ts';

// `grade --similarity` on the similarity test set (test/fixtures/similarity): an original, a renamed and reformatted
// copy, a copy with its functions reordered, an independent solution, and two that share only the starter. Graded on
// the echo stage only: the check reads the code, whatever the grade. The page is opened in Chromium by playwright-core
// (test/browser.ts picks the binary: the one from npm, else Debian's; it fails, never skips, without one).
const GRADE_TIMEOUT_MS = 240_000;
const COPIES = ['original', 'renamed', 'reordered'];

let work: string;
let content: Content;
let dirs: Record<string, string>;
let out: string;
let stdout: string;
let browser: Browser;

// The gradebook's similarity section.
async function similarityOf(path: string): Promise<Similarity> {
  const book = JSON.parse(await readFile(`${path}.json`, 'utf8')) as { similarity?: Similarity };
  if (!book.similarity) throw new Error(`${path}.json has no similarity section`);
  return book.similarity;
}

// The folder names of a pair's submissions.
const names = (s: Similarity): string[][] => s.pairs.map((p) => [p.a, p.b].map((d) => Object.keys(dirs).find((n) => dirs[n] === d) ?? d));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dispatch-lab-similar-'));
  content = await echoContent();
  dirs = await similaritySubmissions(join(work, 'class'));
  out = join(work, 'book');
  const run = await runCli(['grade', ...Object.values(dirs), '--content', content.dir, '--similarity', '--jobs', '2', '--out', out], { timeoutMs: GRADE_TIMEOUT_MS });
  // starter-only fails every echo case: a verdict, not a fault.
  expect(run.exitCode, run.stderr).toBe(1);
  stdout = run.stdout;
  ({ browser } = await launchTestBrowser());
}, GRADE_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await content?.dispose();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('grade --similarity on the similarity test set (e2e)', () => {
  it('pairs exactly the three copies, as one cluster, and says so', async () => {
    const similarity = await similarityOf(out);
    expect(names(similarity)).toEqual([['original', 'renamed'], ['original', 'reordered'], ['renamed', 'reordered']]);
    expect(similarity.clusters).toEqual([COPIES.map((n) => dirs[n])]);
    expect(similarity.submissions).toBe(6);
    for (const p of similarity.pairs) expect(p.score).toBeGreaterThanOrEqual(similarity.threshold);
    expect(stdout).toMatch(/^similarity: 6 submissions compared in [\d.]+ s \(code read in [\d.]+ s\): 3 pairs at or above 0\.5, 1 cluster$/m);
    expect(stdout).toContain(`${out}-similar.csv`);
  });

  it('pairs the independent one and those that share only the starter with nothing, even at a threshold of 5 %', async () => {
    const low = join(work, 'low');
    const run = await runCli(['grade', ...Object.values(dirs), '--content', content.dir, '--similarity', '--similarity-threshold', '0.05', '--jobs', '2', '--out', low], { timeoutMs: GRADE_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(1);
    const paired = new Set(names(await similarityOf(low)).flat());
    expect([...paired].sort()).toEqual([...COPIES].sort());
  }, GRADE_TIMEOUT_MS);

  it('writes a CSV row per pair that a spreadsheet reads as names and numbers', async () => {
    const { header, cells } = openAsSpreadsheet(await readFile(`${out}-similar.csv`, 'utf8'));
    expect(header).toEqual(['name_a', 'submission_a', 'name_b', 'submission_b', 'score_percent', 'shared_fingerprints', 'share_of_a_percent', 'share_of_b_percent', 'cluster']);
    expect(cells.filter((c) => c.column === 'name_a').map((c) => c.field)).toEqual(['original', 'original', 'renamed']);
    expect(new Set(cells.filter((c) => c.column.endsWith('percent') || c.column === 'cluster').map((c) => c.as))).toEqual(new Set(['number']));
  });

  it('shows the first pair side by side in chromium, the shared regions marked on both sides, nothing fetched', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(`${out}.html`).href);
    expect(await page.locator('#similar-pairs tbody tr').count()).toBe(3);
    expect(await page.locator('#similar-clusters li').allTextContents()).toEqual(['original, renamed, reordered']);
    const pair = page.locator('#pair-0');
    expect(await pair.locator('summary').textContent()).toMatch(/^original ↔ renamed: [\d.]+ % \(\d+ fingerprints shared\)$/);
    const [left, right] = [pair.locator('.side').nth(0), pair.locator('.side').nth(1)];
    expect(await left.locator('h4').textContent()).toBe('original');
    expect(await right.locator('h4').textContent()).toBe('renamed');
    const [boxL, boxR] = [await left.boundingBox(), await right.boundingBox()];
    expect(boxL && boxR && boxL.x + boxL.width <= boxR.x && Math.abs(boxL.y - boxR.y) < 2).toBe(true);
    for (const side of [left, right]) {
      expect(await side.locator('h5').allTextContents()).toEqual([expect.stringMatching(/^src\/execute\.ts \d+ shared lines$/), expect.stringMatching(/^src\/tools\.ts \d+ shared lines$/)]);
      expect(await side.locator('mark').first().isVisible()).toBe(true);
    }
    // The renamed side's marks hold its own names: the lines are its own, mapped back from the shared fingerprints.
    expect((await right.locator('mark').allTextContents()).join('')).toContain('doEcho');
    expect((await left.locator('mark').allTextContents()).join('')).toContain('echoText');
    // A name in the pair links to that submission's row, expanded.
    await left.locator('h4 a').click();
    expect(await page.locator('#gradebook button.expand', { hasText: 'original' }).getAttribute('aria-expanded')).toBe('true');
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('grade --similarity flags (e2e)', () => {
  it.each([
    [['--similarity', '--similarity-threshold', '1.5'], '--similarity-threshold 1.5: give a fraction from 0 to 1'],
    [['--similarity-threshold', '0.3'], '--similarity-threshold is used only with --similarity'],
  ])('refuses %j before grading anything', async (flags, message) => {
    const run = await runCli(['grade', dirs.original ?? '', '--content', content.dir, ...flags, '--out', join(work, 'refused')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(message);
    expect(existsSync(join(work, 'refused.json'))).toBe(false);
  });
});
