import { describe, expect, it } from 'vitest';
import { ungradedRow, type Gradebook } from '../../grader/gradebook/core/gradebook.ts';
import { gradebookHtml } from '../../grader/gradebook/core/gradebook-html.ts';
import { similarCsv } from '../../grader/gradebook/core/gradebook-similar-csv.ts';
import { classSummary } from '../../grader/gradebook/core/gradebook-summary.ts';
import type { Similarity } from '../../grader/similarity/core/similarity.ts';
import type { PairView } from '../../grader/similarity/core/pair-view.ts';
import type { Stage } from '../../grader/course/core/types.ts';

const stages: Stage[] = [{ slug: 'echo', title: 'Echo', command: 'dispatch' }];
const HOSTILE = '/class/<img src=x onerror=alert(1)>';
const similarity: Similarity = {
  threshold: 0.5, k: 15, w: 8, submissions: 4, leftOut: 12,
  pairs: [
    { a: '/class/alice', b: '/class/bob', score: 0.905, shared: 40, ofA: 0.95, ofB: 0.9 },
    { a: '/class/bob', b: '/class/carol', score: 0.6, shared: 30, ofA: 0.7, ofB: 0.65 },
    { a: '/class/dave', b: HOSTILE, score: 0.51, shared: 3, ofA: 0.6, ofB: 0.55 },
  ],
  clusters: [['/class/alice', '/class/bob', '/class/carol']],
};

// A gradebook of ungraded rows for these submissions, with the similarity section set.
function book(sim?: Similarity): Gradebook {
  const rows = ['/class/alice', '/class/bob', '/class/carol', '/class/dave', HOSTILE].map((s) => ungradedRow(s, 'no program.ts', stages, []));
  return { gradedAt: '2026-12-03T12:00:00.000Z', durationMs: 1, stages: ['echo'], summary: classSummary(rows, ['echo'], rows.map(() => [])), submissions: rows, complete: true, ...(sim ? { similarity: sim } : {}) };
}

const view: PairView = {
  pair: similarity.pairs[0] as Similarity['pairs'][number],
  a: [{ path: 'src/<b>.ts', text: 'one\n</pre><script>alert(1)</script>\nthree\nfour', ranges: [{ start: 2, end: 3 }] }],
  b: [{ path: 'src/tools.ts', text: 'x\ny', ranges: [{ start: 1, end: 2 }] }],
};

describe('the similar pairs CSV', () => {
  it('has a row per pair, percentages as numbers, the cluster both are in', () => {
    expect(similarCsv(similarity).split('\n')).toEqual([
      'name_a,submission_a,name_b,submission_b,score_percent,shared_fingerprints,share_of_a_percent,share_of_b_percent,cluster',
      'alice,/class/alice,bob,/class/bob,90.5,40,95,90,1',
      'bob,/class/bob,carol,/class/carol,60,30,70,65,1',
      'dave,/class/dave,<img src=x onerror=alert(1)>,/class/<img src=x onerror=alert(1)>,51,3,60,55,',
      '',
    ]);
  });
});

describe('the similar submissions section of the page', () => {
  it('is absent without --similarity', () => {
    const page = gradebookHtml(book());
    expect(page).not.toContain('id="similar"');
    expect(page).not.toContain('href="#similar"');
  });

  it('lists the clusters and pairs, linked to their rows, and escapes every name', () => {
    const page = gradebookHtml(book(similarity), undefined, undefined, [view]);
    expect(page).toContain('<a href="#similar">the similar submissions</a>');
    expect(page).toMatch(/<ul id="similar-clusters"><li><a href="#s-0" data-submission="s-0"[^>]*>alice<\/a>, <a href="#s-1"[^>]*>bob<\/a>, <a href="#s-2"[^>]*>carol<\/a><\/li><\/ul>/);
    expect(page).toContain('<td class="number">90.5 %</td><td class="number">40</td>');
    expect(page).not.toContain('<img');
    expect(page).toContain('onerror=alert(1)&#62;');
  });

  it('shows the pair side by side, each run of shared lines in one mark, the code escaped', () => {
    const page = gradebookHtml(book(similarity), undefined, undefined, [view]);
    const side = page.slice(page.indexOf('<details class="pair" id="pair-0" open>'));
    expect(side).toContain('<h5>src/&#60;b&#62;.ts <span class="tag">2 shared lines</span></h5>');
    expect(side).toContain('<pre class="code"><span class="ln">1</span>one\n<mark><span class="ln">2</span>&#60;/pre&#62;&#60;script&#62;alert(1)&#60;/script&#62;\n<span class="ln">3</span>three\n</mark><span class="ln">4</span>four\n</pre>');
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(side).toContain('<mark><span class="ln">1</span>x\n<span class="ln">2</span>y\n</mark></pre>');
  });

  it('says so when no pair reaches the threshold', () => {
    expect(gradebookHtml(book({ ...similarity, pairs: [], clusters: [] }))).toContain('<p>No pair scores 50 % or more.</p>');
  });
});
