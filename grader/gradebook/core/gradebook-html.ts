// The gradebook as one self-contained HTML page for the teacher: the class at a glance, then a table that reads like a
// gradebook (name and total first, stage columns after, filter by name and status, sort by any column), and under each
// submission, on demand, why it lost points: each failed case's first difference, note, likely mistake and hint,
// private cases marked. Inline CSS and one inline script allowed by its hash; nothing is loaded from anywhere.
import { createHash } from 'node:crypto';
import { formatPoints, type Gradebook, type GradebookRow, type GradebookStage, type StageMark } from './gradebook.ts';
import type { GradebookFailure } from './gradebook-failures.ts';
import { PAGE_SCRIPT } from './gradebook-page-script.ts';
import { PAGE_STYLE } from './gradebook-page-style.ts';
import { summarySection } from './gradebook-page-summary.ts';
import { formatDuration } from './grade-progress.ts';
import { escapeHtml } from '../../text/core/html-text.ts';
import { shortName } from './short-name.ts';
import { similarSection } from './gradebook-page-similar.ts';
import type { PairView } from '../../similarity/core/pair-view.ts';

export { escapeHtml };

/** The files written beside the page, linked from it (names relative to the page). */
export type GradebookLinks = { json: string; csv: string; failuresCsv: string; /** With --similarity: the pairs' CSV. */ similarCsv?: string };

/** What a row's status filter matches. */
export type RowStatus = 'passed' | 'failing' | 'problem' | 'not-graded';

const MARK_TITLES: Record<StageMark, string> = { all: 'every case passed', some: 'some cases passed', none: 'no case passed', 'not-run': 'not run' };
const STATUS_LABELS: Record<RowStatus, string> = { passed: 'passed every case', failing: 'failed some cases', problem: 'hung, crashed or could not run', 'not-graded': 'not graded' };

// The SHA-256 of a script as a CSP source, so the page runs its own script and nothing else (no injected handler either).
function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

// Which status filter a row falls under.
export function rowStatus(row: GradebookRow): RowStatus {
  if (Object.values(row.stages).every((s) => s.mark === 'not-run')) return 'not-graded';
  if (row.problem) return 'problem';
  return row.passed === row.total ? 'passed' : 'failing';
}

// A header cell whose button sorts by the column.
function headerCell(label: string, type: 'text' | 'number'): string {
  return `<th scope="col" aria-sort="none" data-type="${type}"><button type="button">${escapeHtml(label)}</button></th>`;
}

// "3/4": a stage's points as the page shows them (the CSV keeps them in two numeric columns).
function pointsText(s: { score: number; maxScore: number }): string {
  return `${formatPoints(s.score)}/${formatPoints(s.maxScore)}`;
}

// A stage's cell: points, coloured by how much of the stage passed, cases in the tooltip.
function stageTd(stage: GradebookStage | undefined): string {
  if (!stage) return '<td class="number not-run" data-sort="-1"></td>';
  const title = `${MARK_TITLES[stage.mark]}: ${stage.passed}/${stage.total} cases, ${pointsText(stage)} points`;
  const sortKey = stage.mark === 'not-run' ? -1 : stage.score;
  return `<td class="number ${stage.mark}" data-sort="${sortKey}" title="${escapeHtml(title)}">${escapeHtml(pointsText(stage))}</td>`;
}

// One group of failed cases: which cases, how they failed, and what answers it.
function failureHtml(g: GradebookFailure): string {
  const more = g.count > g.cases.length ? ` and ${g.count - g.cases.length} more` : '';
  const names = `${g.cases.join(', ')}${more}`;
  const tag = g.private ? '<span class="tag private">private</span>' : '';
  return `<div class="failure"><h4>${escapeHtml(`${g.stage} › ${names}`)}${tag}<span class="tag">${escapeHtml(g.status)}</span><span class="tag">−${formatPoints(g.lost)} ${g.lost === 1 ? 'point' : 'points'}</span></h4>`
    + `<pre class="difference">${escapeHtml(g.difference)}</pre>`
    + (g.note ? `<p class="note"><b>note:</b> ${escapeHtml(g.note)}</p>` : '')
    + (g.known ? `<p class="mistake"><b>known mistake:</b> ${escapeHtml(g.known)}</p>` : '')
    + (g.mistake ? `<p class="mistake"><b>likely mistake:</b> ${escapeHtml(g.mistake)}</p>` : '')
    + `<p class="hint"><b>hint${g.count > 1 ? ` (${escapeHtml(g.cases[0] ?? '')})` : ''}:</b> ${escapeHtml(g.hint)}</p><p class="file">${escapeHtml(g.file)}</p></div>`;
}

// The details of a submission: its path, its problem in full, and its failures.
function detailsHtml(row: GradebookRow): string {
  const parts = [`<p class="file">${escapeHtml(row.submission)}</p>`];
  if (row.problem) parts.push(`<p><b>problem:</b> ${escapeHtml(row.problem)}</p>`);
  if (row.problemDetail) parts.push(`<pre>${escapeHtml(row.problemDetail)}</pre>`);
  parts.push(...row.failures.map(failureHtml));
  if (row.omittedFailures) parts.push(`<p>… and ${row.omittedFailures} more failed cases (see the failures CSV).</p>`);
  if (row.failures.length === 0 && !row.problem) parts.push('<p>Every case passed.</p>');
  return parts.join('');
}

// One submission: its row and its details row (hidden until its name is clicked), in a <tbody> of its own.
function submissionHtml(row: GradebookRow, index: number, stages: string[]): string {
  const failing = row.firstFailingStage;
  const failingIndex = failing === undefined ? stages.length : stages.indexOf(failing);
  const problem = row.problem ?? '';
  const detail = row.problemDetail ? ` title="${escapeHtml(row.problemDetail)}"` : '';
  const name = shortName(row.submission);
  const columns = 4 + stages.length;
  const cells = [
    `<th scope="row" data-sort="${escapeHtml(name)}" title="${escapeHtml(row.submission)}"><button type="button" class="expand" aria-expanded="false" aria-controls="d-${index}">${escapeHtml(name)}</button></th>`,
    `<td class="number total" data-sort="${row.score}">${pointsText(row)}</td>`,
    `<td data-sort="${failingIndex}">${escapeHtml(failing ?? '')}</td>`,
    ...stages.map((s) => stageTd(row.stages[s])),
    `<td class="problem" data-sort="${escapeHtml(problem)}"${detail}>${escapeHtml(problem)}</td>`,
  ];
  return `<tbody id="s-${index}" data-name="${escapeHtml(name)}" data-status="${rowStatus(row)}"><tr>${cells.join('')}</tr>`
    + `<tr class="details" id="d-${index}" hidden><td colspan="${columns}"><div class="details-box">${detailsHtml(row)}</div></td></tr></tbody>`;
}

// The line under the title: when it was graded, how long it took, what it holds, and the files beside it.
function metaLine(book: Gradebook, links: GradebookLinks): string {
  const when = book.gradedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC').replace(/Z$/, ' UTC');
  const shard = book.shard ? ` · shard ${book.shard.index}/${book.shard.count}` : '';
  const files = [links.json, links.csv, links.failuresCsv, ...(links.similarCsv ? [links.similarCsv] : [])].map((f) => `<a href="${escapeHtml(f)}">${escapeHtml(f)}</a>`).join(' ');
  return `<p class="meta">Graded <time datetime="${escapeHtml(book.gradedAt)}">${escapeHtml(when)}</time> in ${formatDuration(book.durationMs)} · ${book.submissions.length} submission${book.submissions.length === 1 ? '' : 's'} · ${book.stages.length} stage${book.stages.length === 1 ? '' : 's'}${shard} · ${files}</p>`;
}

// The filters above the table.
function controls(): string {
  const options = (Object.keys(STATUS_LABELS) as RowStatus[]).map((s) => `<option value="${s}">${STATUS_LABELS[s]}</option>`).join('');
  return `<div class="controls"><label>Name <input id="filter-name" type="search" placeholder="filter by name" autocomplete="off"></label>`
    + `<label>Status <select id="filter-status"><option value="">all</option>${options}</select></label><span id="shown" aria-live="polite"></span></div>`;
}

// The whole page for a gradebook; with a similarity check, its section after the table and `similarViews` (the first
// pairs' code) side by side.
export function gradebookHtml(book: Gradebook, links: GradebookLinks = { json: 'gradebook.json', csv: 'gradebook.csv', failuresCsv: 'gradebook-failures.csv' }, title = 'dispatch-lab gradebook', similarViews: PairView[] = []): string {
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src ${cspHash(PAGE_SCRIPT)}; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const head = [headerCell('Name', 'text'), headerCell('Total', 'number'), headerCell('First failing stage', 'number'), ...book.stages.map((s) => headerCell(s, 'number')), headerCell('Problem', 'text')];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${metaLine(book, links)}
<p class="meta">Jump to: <a href="#summary">the class at a glance</a> <a href="#most-failed-title">the cases failed most</a> <a href="#submissions">the submissions</a>${book.similarity ? ' <a href="#similar">the similar submissions</a>' : ''}</p>
${book.complete ? '' : `<p class="incomplete">Incomplete: ${escapeHtml(book.incomplete ?? 'the run was stopped')}</p>\n`}${summarySection(book.summary, book.submissions)}
<h2 id="submissions">Submissions</h2>
<p>Click a name to see why it lost points; click a column header to sort. Stage columns and the total are in points (earned/possible).</p>
<p class="legend"><span class="all">all passed</span><span class="some">some passed</span><span class="none">none passed</span><span class="not-run">not run</span></p>
${controls()}
<div class="table-wrap">
<table id="gradebook">
<thead><tr>${head.join('')}</tr></thead>
${book.submissions.map((r, i) => submissionHtml(r, i, book.stages)).join('\n')}
</table>
</div>
${book.similarity ? `${similarSection(book.similarity, similarViews, new Map(book.submissions.map((r, i) => [r.submission, `s-${i}`])))}\n` : ''}<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
