// The "similar submissions" section of the HTML gradebook: how the check was made and what it does not prove, the
// clusters, the pairs at or above the threshold, and the first pairs side by side with their shared lines marked.
// Student code is hostile text: every line is escaped, and nothing of it becomes markup or an attribute unescaped.
import type { FileView, PairView } from '../../similarity/core/pair-view.ts';
import type { LineRange } from '../../similarity/core/shared-regions.ts';
import type { SimilarPair, Similarity } from '../../similarity/core/similarity.ts';
import { escapeHtml } from '../../text/core/html-text.ts';
import { shortName } from './short-name.ts';

/** Pairs listed in the page's table (the JSON and the CSV hold every one). */
const PAIRS_LISTED = 200;

// A fraction as the page shows it: "90.5 %".
const percentText = (fraction: number): string => `${Math.round(fraction * 1000) / 10} %`;

// A submission's name, linked to its row of the gradebook table when it has one.
function submissionLink(submission: string, rowIds: Map<string, string>): string {
  const id = rowIds.get(submission);
  const name = escapeHtml(shortName(submission));
  return id === undefined ? `<span title="${escapeHtml(submission)}">${name}</span>` : `<a href="#${id}" data-submission="${id}" title="${escapeHtml(submission)}">${name}</a>`;
}

// Whether a line (1-based) is inside one of the ranges.
const isShared = (line: number, ranges: LineRange[]): boolean => ranges.some((r) => line >= r.start && line <= r.end);

// One file of one side: its path, then its lines numbered, each run of shared lines in one <mark>.
function fileHtml(file: FileView): string {
  const lines = file.text.split('\n');
  const parts: string[] = [];
  let open = false;
  lines.forEach((text, i) => {
    const shared = isShared(i + 1, file.ranges);
    if (shared && !open) parts.push('<mark>');
    if (!shared && open) parts.push('</mark>');
    open = shared;
    parts.push(`<span class="ln">${i + 1}</span>${escapeHtml(text)}\n`);
  });
  if (open) parts.push('</mark>');
  const count = file.ranges.reduce((sum, r) => sum + r.end - r.start + 1, 0);
  return `<div class="code-file"><h5>${escapeHtml(file.path)} <span class="tag">${count} shared line${count === 1 ? '' : 's'}</span></h5><pre class="code">${parts.join('')}</pre></div>`;
}

// One side of a pair: the submission's name, then its files that share code.
function sideHtml(submission: string, files: FileView[], rowIds: Map<string, string>): string {
  return `<section class="side"><h4>${submissionLink(submission, rowIds)}</h4>${files.map(fileHtml).join('')}</section>`;
}

// A pair side by side, in a <details> (the first one open).
function pairViewHtml(view: PairView, index: number, rowIds: Map<string, string>): string {
  const { pair } = view;
  const summary = `${escapeHtml(shortName(pair.a))} ↔ ${escapeHtml(shortName(pair.b))}: ${percentText(pair.score)} (${pair.shared} fingerprints shared)`;
  return `<details class="pair" id="pair-${index}"${index === 0 ? ' open' : ''}><summary>${summary}</summary>`
    + `<div class="side-by-side">${sideHtml(pair.a, view.a, rowIds)}${sideHtml(pair.b, view.b, rowIds)}</div></details>`;
}

// One row of the pairs table; the pair's name links to its side-by-side view when it has one.
function pairRow(pair: SimilarPair, index: number, views: number, rowIds: Map<string, string>): string {
  const shown = index < views ? ` <a href="#pair-${index}">side by side</a>` : '';
  return `<tr><td>${submissionLink(pair.a, rowIds)}</td><td>${submissionLink(pair.b, rowIds)}</td><td class="number">${percentText(pair.score)}</td>`
    + `<td class="number">${pair.shared}</td><td class="number">${percentText(pair.ofA)}</td><td class="number">${percentText(pair.ofB)}</td><td>${shown}</td></tr>`;
}

// The whole section; `rowIds` maps a submission to the id of its row in the gradebook table.
export function similarSection(similarity: Similarity, views: PairView[], rowIds: Map<string, string>): string {
  const { pairs, clusters } = similarity;
  const about = `<p>${similarity.submissions} submissions compared on their own code (<code>program.ts</code> and <code>src/**/*.ts</code>): identifiers, literals, comments and layout ignored, `
    + `fingerprints of ${similarity.k} tokens winnowed in windows of ${similarity.w}, the starter's ${similarity.leftOut} fingerprints left out. `
    + `A pair's score is the fingerprints it shares over those of either; pairs scoring ${percentText(similarity.threshold)} or more are listed. `
    + 'A high score says two submissions share much of their code, not who wrote it, nor that anyone copied: read the shared regions, and ask.</p>';
  if (pairs.length === 0) return `<h2 id="similar">Similar submissions</h2>\n${about}\n<p>No pair scores ${percentText(similarity.threshold)} or more.</p>`;
  const clusterList = clusters.length === 0 ? '' : `<h3>Clusters</h3><p>Groups of three or more linked by such pairs:</p><ul id="similar-clusters">${clusters.map((c) => `<li>${c.map((s) => submissionLink(s, rowIds)).join(', ')}</li>`).join('')}</ul>`;
  const more = pairs.length > PAIRS_LISTED ? `<p>… and ${pairs.length - PAIRS_LISTED} more pairs (see the JSON or the similar CSV).</p>` : '';
  const table = `<h3>Pairs</h3><div class="table-wrap"><table id="similar-pairs"><thead><tr><th scope="col">Submission</th><th scope="col">Submission</th><th scope="col">Score</th><th scope="col">Shared</th><th scope="col">Of the first</th><th scope="col">Of the second</th><th scope="col"></th></tr></thead>`
    + `<tbody>${pairs.slice(0, PAIRS_LISTED).map((p, i) => pairRow(p, i, views.length, rowIds)).join('')}</tbody></table></div>${more}`;
  const sideBySide = views.length === 0 ? '' : `<h3>Side by side</h3><p>The ${views.length === 1 ? 'pair' : `first ${views.length} pairs`}, each side's files that share code, the shared lines marked.</p>${views.map((v, i) => pairViewHtml(v, i, rowIds)).join('\n')}`;
  return `<h2 id="similar">Similar submissions</h2>\n${about}\n${clusterList}${table}\n${sideBySide}`;
}
