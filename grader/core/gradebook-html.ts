// The gradebook as one self-contained HTML page: inline CSS and a small inline sort script, nothing loaded from anywhere
// (a Content-Security-Policy forbids it), every value that came from a submission escaped.
import { createHash } from 'node:crypto';
import { formatPoints, stageCell, type Gradebook, type GradebookRow, type GradebookStage, type StageMark } from './gradebook.ts';

/** Sorts the table when a column header's button is clicked: numbers numerically, ties in their first order, asc then desc. */
export const SORT_SCRIPT = `
(function () {
  var table = document.getElementById('gradebook');
  var body = table.tBodies[0];
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  Array.prototype.forEach.call(body.rows, function (row, i) { row.setAttribute('data-index', String(i)); });
  function compare(a, b, numeric) {
    if (numeric) return Number(a) - Number(b);
    return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
  }
  headers.forEach(function (th, column) {
    th.querySelector('button').addEventListener('click', function () {
      var ascending = th.getAttribute('aria-sort') !== 'ascending';
      var numeric = th.getAttribute('data-type') === 'number';
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var order = compare(a.cells[column].getAttribute('data-sort'), b.cells[column].getAttribute('data-sort'), numeric);
        return (ascending ? order : -order) || Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index'));
      });
      headers.forEach(function (h) { h.setAttribute('aria-sort', 'none'); });
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
})();
`;

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 1rem; color: #1b1f24; }
h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
p { margin: .25rem 0 .75rem; max-width: 60rem; }
.incomplete { background: #fff1c2; border: 1px solid #d4a72c; padding: .4rem .6rem; }
.legend span { display: inline-block; padding: 0 .4rem; margin-right: .3rem; border-radius: 3px; }
.table-wrap { overflow-x: auto; max-width: 100%; border: 1px solid #d0d7de; }
table { border-collapse: separate; border-spacing: 0; font-size: .9rem; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
thead th { background: #f6f8fa; position: sticky; top: 0; }
thead th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; }
thead th[aria-sort="ascending"] button::after { content: " \\25B2"; }
thead th[aria-sort="descending"] button::after { content: " \\25BC"; }
tbody th { font-weight: 600; max-width: 45vw; overflow: hidden; text-overflow: ellipsis; }
th:first-child { position: sticky; left: 0; background: #fff; z-index: 1; border-right: 1px solid #d0d7de; }
thead th:first-child { background: #f6f8fa; z-index: 2; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
td.problem { white-space: normal; min-width: 16rem; max-width: 40rem; }
.all { background: #dafbe1; }
.some { background: #fff1c2; }
.none { background: #ffd8d3; }
.not-run { background: #eaeef2; color: #57606a; }
`;

const MARK_TITLES: Record<StageMark, string> = { all: 'every case passed', some: 'some cases passed', none: 'no case passed', 'not-run': 'not run' };

// The SHA-256 of a script as a CSP source, so the page runs its own script and nothing else (no injected handler either).
function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

// Text made safe inside HTML content and attribute values.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// A header cell whose button sorts by the column.
function headerCell(label: string, type: 'text' | 'number'): string {
  return `<th scope="col" aria-sort="none" data-type="${type}"><button type="button">${escapeHtml(label)}</button></th>`;
}

// A stage's cell: points, coloured by how much of the stage passed, cases in the tooltip.
function stageTd(stage: GradebookStage | undefined): string {
  if (!stage) return '<td class="number not-run" data-sort="-1"></td>';
  const title = `${MARK_TITLES[stage.mark]}: ${stage.passed}/${stage.total} cases, ${stageCell(stage)} points`;
  const sortKey = stage.mark === 'not-run' ? -1 : stage.score;
  return `<td class="number ${stage.mark}" data-sort="${sortKey}" title="${escapeHtml(title)}">${escapeHtml(stageCell(stage))}</td>`;
}

// One submission's row.
function rowHtml(row: GradebookRow, stages: string[]): string {
  const failing = row.firstFailingStage;
  const failingIndex = failing === undefined ? stages.length : stages.indexOf(failing);
  const problem = row.problem ?? '';
  const detail = row.problemDetail ? ` title="${escapeHtml(row.problemDetail)}"` : '';
  return [
    '<tr>',
    `<th scope="row" data-sort="${escapeHtml(row.submission)}" title="${escapeHtml(row.submission)}">${escapeHtml(row.submission)}</th>`,
    ...stages.map((s) => stageTd(row.stages[s])),
    `<td class="number" data-sort="${row.score}">${formatPoints(row.score)}/${formatPoints(row.maxScore)}</td>`,
    `<td data-sort="${failingIndex}">${escapeHtml(failing ?? '')}</td>`,
    `<td class="problem" data-sort="${escapeHtml(problem)}"${detail}>${escapeHtml(problem)}</td>`,
    '</tr>',
  ].join('');
}

// The whole page for a gradebook.
export function gradebookHtml(book: Gradebook, title = 'dispatch-lab gradebook'): string {
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src ${cspHash(SORT_SCRIPT)}; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const shard = book.shard ? ` · shard ${book.shard.index}/${book.shard.count}` : '';
  const head = ['Submission', ...book.stages].map((label, i) => headerCell(label, i === 0 ? 'text' : 'number'));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${book.submissions.length} submission${book.submissions.length === 1 ? '' : 's'} · ${book.stages.length} stage${book.stages.length === 1 ? '' : 's'}${shard} · stage columns and score in points (earned/possible); click a column header to sort.</p>
${book.complete ? '' : `<p class="incomplete">Incomplete: ${escapeHtml(book.incomplete ?? 'the run was stopped')}</p>\n`}<p class="legend"><span class="all">all passed</span><span class="some">some passed</span><span class="none">none passed</span><span class="not-run">not run</span></p>
<div class="table-wrap">
<table id="gradebook">
<thead><tr>${head.join('')}${headerCell('Score', 'number')}${headerCell('First failing stage', 'number')}${headerCell('Problem', 'text')}</tr></thead>
<tbody>
${book.submissions.map((r) => rowHtml(r, book.stages)).join('\n')}
</tbody>
</table>
</div>
<script>${SORT_SCRIPT}</script>
</body>
</html>
`;
}
