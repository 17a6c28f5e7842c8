import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml, gradebookHtml } from '../../grader/gradebook/core/gradebook-html.ts';
import { PAGE_SCRIPT } from '../../grader/gradebook/core/gradebook-page-script.ts';
import { classSummary } from '../../grader/gradebook/core/gradebook-summary.ts';
import { throughputLine } from '../../grader/gradebook/core/grade-progress.ts';
import { etaMs, finishedLine, formatDuration, formatEta, progressLine } from '../../grader/gradebook/core/grade-progress.ts';
import { reportNames, reportPath, reportPathProblem } from '../../grader/report/core/report-paths.ts';
import { shardOutName, shareOf } from '../../grader/gradebook/core/submission-share.ts';
import type { Gradebook } from '../../grader/gradebook/core/gradebook.ts';

describe('grade progress text', () => {
  it.each([
    [0, '0s'], [999, '0s'], [45_000, '45s'], [72_000, '1m12s'], [3_599_000, '59m59s'], [7_500_000, '2h05m'],
  ])('formats %i ms elapsed as %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it.each([
    [400, '1s'], [40_000, '40s'], [480_000, '8m'], [510_000, '9m'], [3_900_000, '1h05m'],
  ])('formats %i ms left as %s', (ms, text) => expect(formatEta(ms)).toBe(text));

  it.each([
    [{ done: 0, total: 40, elapsedMs: 5_000 }, undefined],
    [{ done: 3, total: 40, elapsedMs: 72_000 }, 888_000],
    [{ done: 40, total: 40, elapsedMs: 60_000 }, 0],
  ])('estimates the time left of %j as %s ms', (progress, eta) => expect(etaMs(progress)).toBe(eta));

  it.each([
    [{ done: 0, total: 40, elapsedMs: 2_000 }, 'graded 0/40 · 2s'],
    [{ done: 3, total: 40, elapsedMs: 72_000 }, 'graded 3/40 · 1m12s · ETA 15m'],
    [{ done: 39, total: 40, elapsedMs: 390_000 }, 'graded 39/40 · 6m30s · ETA 10s'],
    [{ done: 40, total: 40, elapsedMs: 400_000 }, 'graded 40/40 · 6m40s'],
  ])('shows the live line of %j as %s', (progress, line) => expect(progressLine(progress)).toBe(line));

  it('prints a plain line per finished submission, its problem after it', () => {
    expect(finishedLine({ position: 3, total: 40, name: 'alice', score: 87, maxScore: 100, passed: 40, cases: 45, elapsedMs: 72_000 })).toBe('[3/40] alice: 87/100 points, 40/45 cases (1m12s elapsed)');
    expect(finishedLine({ position: 4, total: 40, name: 'bob', score: 0, maxScore: 100, passed: 0, cases: 45, elapsedMs: 75_000, problem: 'program.ts crashes at start: Error: boom' }))
      .toBe('[4/40] bob: 0/100 points, 0/45 cases (1m15s elapsed) — program.ts crashes at start: Error: boom');
  });
});

describe('grade --shard over submissions', () => {
  const submissions = ['carol', 'alice', 'eve', 'bob', 'dan'];
  it.each([
    [1, ['alice', 'dan']],
    [2, ['bob', 'eve']],
    [3, ['carol']],
  ])('shard %i/3 grades %j (sorted, every third)', (index, share) => expect(shareOf(submissions, { index, count: 3 })).toEqual(share));

  it('covers every submission exactly once across the shards', () => {
    const all = [1, 2, 3, 4].flatMap((index) => shareOf(submissions, { index, count: 4 }));
    expect(all.sort()).toEqual([...submissions].sort());
  });

  it('keeps the given order without a shard, and names each shard its own gradebook', () => {
    expect(shareOf(submissions, undefined)).toEqual(submissions);
    expect([shardOutName('book', undefined), shardOutName('book', { index: 2, count: 3 })]).toEqual(['book', 'book-2']);
  });
});

describe('per-submission report paths', () => {
  it('names each report after its folder, unique and file-safe', () => {
    expect(reportNames(['/c/alice', '/d/alice', '/e/<b> x', '/f/', '/g/..', '/h/bob/'])).toEqual(['alice', 'alice-2', '_b__x', 'f', 'submission', 'bob']);
  });

  it.each([
    ['json', 'reports/{submission}.json', 'reports/alice.json'],
    ['junit', 'out/{submission}/junit.xml', 'out/alice/junit.xml'],
    ['json', 'reports/', 'reports/alice.json'],
    ['junit', 'reports', 'reports/alice.xml'],
    ['pretty', 'logs/', 'logs/alice.txt'],
  ])('%s=%s writes %s', (reporter, path, file) => expect(reportPath(reporter, path, 'alice')).toBe(file));

  it('refuses one fixed file for many submissions, saying how to write one each', () => {
    expect(reportPathProblem('json', 'reports/{submission}.json', false)).toBeUndefined();
    expect(reportPathProblem('json', 'reports', true)).toBeUndefined();
    expect(reportPathProblem('json', 'report.json', false)).toBe('grade writes one json report per submission: put {submission} in the path (e.g. --output-file json=reports/{submission}.json) or name a directory ending in / (got "report.json")');
  });
});

describe('the HTML gradebook page', () => {
  const row: Gradebook['submissions'][number] = {
    submission: '/class/<img src=x onerror=alert(1)>', score: 1, maxScore: 3, passed: 1, total: 3, firstFailingStage: 'view', problem: 'Error: "<script>" & \'quotes\'', problemDetail: 'line 1\n<b>line 2</b>',
    failures: [{ stage: 'view', file: 'private/view/x.json', status: 'fail', difference: 'results[0].content: expected "1: A", received "<b>0: A</b>"', mistake: 'Line numbers start at 1.', hint: 'Number from 1.', cases: ['case <i>1</i>'], count: 2, lost: 2, private: true }],
    stages: { echo: { score: 1, maxScore: 1, passed: 1, total: 1, mark: 'all' }, view: { score: 0, maxScore: 2, passed: 0, total: 2, mark: 'none' } },
  };
  const book: Gradebook = {
    gradedAt: '2026-12-01T21:43:39.123Z', durationMs: 72_000,
    stages: ['echo', 'view'],
    summary: classSummary([row], ['echo', 'view'], [[]]),
    complete: false,
    incomplete: 'stopped by SIGINT: 1 of 2 submissions graded',
    submissions: [row],
  };
  const html = gradebookHtml(book, { json: 'book.json', csv: 'book.csv', failuresCsv: 'book-failures.csv' });

  it('escapes every value that came from a submission', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(html).not.toMatch(/<img|<i>|<b>0: A|<b>line 2/);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('Error: &#34;&#60;script&#62;&#34; &#38; &#39;quotes&#39;');
    expect(html).toContain('received &#34;&#60;b&#62;0: A&#60;/b&#62;&#34;');
  });

  it('allows only its own script (by hash) and loads nothing from anywhere', () => {
    const hash = createHash('sha256').update(PAGE_SCRIPT).digest('base64');
    expect(html).toContain(`default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}';`);
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(html).not.toMatch(/https?:|<link|src=["']|url\(/);
  });

  it('puts the name and total first, the stage cells coloured after, the short name with its path in a tooltip', () => {
    expect(html).toContain('<thead><tr><th scope="col" aria-sort="none" data-type="text"><button type="button">Name</button></th><th scope="col" aria-sort="none" data-type="number"><button type="button">Total</button></th>');
    expect(html).toContain('title="/class/&#60;img src=x onerror=alert(1)&#62;"><button type="button" class="expand" aria-expanded="false" aria-controls="d-0">&#60;img src=x onerror=alert(1)&#62;</button></th><td class="number total" data-sort="1">1/3</td><td data-sort="1">view</td>');
    expect(html).toContain('<td class="number none" data-sort="0" title="no case passed: 0/2 cases, 0/2 points">0/2</td>');
    expect(html).toContain('<p class="incomplete">Incomplete: stopped by SIGINT: 1 of 2 submissions graded</p>');
  });

  it('says when it was graded and links the files beside it', () => {
    expect(html).toContain('Graded <time datetime="2026-12-01T21:43:39.123Z">2026-12-01 21:43:39 UTC</time> in 1m12s');
    expect(html).toContain('<a href="book.json">book.json</a> <a href="book.csv">book.csv</a> <a href="book-failures.csv">book-failures.csv</a>');
  });

  it('keeps why the submission lost points under its row, private cases marked', () => {
    expect(html).toContain('<tr class="details" id="d-0" hidden>');
    expect(html).toContain('view › case &#60;i&#62;1&#60;/i&#62; and 1 more<span class="tag private">private</span>');
    expect(html).toContain('<p class="mistake"><b>likely mistake:</b> Line numbers start at 1.</p><p class="hint"><b>hint (case &#60;i&#62;1&#60;/i&#62;):</b> Number from 1.</p>');
  });
});

describe('the throughput line', () => {
  it.each([
    [{ submissions: 4, cases: 1604, elapsedMs: 192_000 }, 'graded 4 submissions (1604 cases) in 3m12s: 1.3 submissions/min, 8.4 cases/s'],
    [{ submissions: 1, cases: 1, elapsedMs: 500 }, 'graded 1 submission (1 case) in 0s: 120 submissions/min, 2 cases/s'],
    [{ submissions: 0, cases: 0, elapsedMs: 0 }, 'graded 0 submissions (0 cases) in 0s: 0 submissions/min, 0 cases/s'],
  ])('%j → %s', (t, line) => expect(throughputLine(t)).toBe(line));
});
