// The top of the HTML gradebook: the class at a glance (counts, mean, median, a histogram drawn as inline SVG, each
// stage's pass rate) and the cases the class fails most, each first difference linked to the submissions that show it.
import { formatPoints, type GradebookRow } from './gradebook.ts';
import type { ClassSummary, ScoreBin } from './gradebook-summary.ts';
import { escapeHtml } from '../../text/core/html-text.ts';
import { shortName } from './short-name.ts';

/** Links per first difference before "and N more". */
const LINKS = 12;

// The score distribution as an SVG bar chart: one bar per bin, its count above it, the bin's range below.
export function histogramSvg(bins: ScoreBin[]): string {
  const w = 32;
  const h = 80;
  const top = Math.max(1, ...bins.map((b) => b.count));
  const bars = bins.map((b, i) => {
    const height = Math.round((b.count / top) * h);
    const x = i * w + 4;
    const label = `${Math.round(b.from)}–${Math.round(b.to)} %: ${b.count}`;
    return `<g><title>${escapeHtml(label)}</title><rect x="${x}" y="${16 + h - height}" width="${w - 8}" height="${height}" fill="#2da44e"></rect>`
      + `<text x="${x + (w - 8) / 2}" y="${12 + h - height}" font-size="10" text-anchor="middle">${b.count}</text>`
      + `<text x="${x + (w - 8) / 2}" y="${h + 30}" font-size="9" text-anchor="middle">${Math.round(b.from)}</text></g>`;
  });
  const width = bins.length * w;
  return `<svg id="histogram" viewBox="0 0 ${width} ${h + 36}" role="img" aria-label="score distribution: ${escapeHtml(bins.map((b) => b.count).join(', '))} submissions per tenth of the maximum">`
    + `<line x1="0" y1="${16 + h}" x2="${width}" y2="${16 + h}" stroke="#8c959f"></line>${bars.join('')}</svg>`;
}

// One figure of the stats list.
function stat(id: string, label: string, value: string): string {
  return `<div><dt>${escapeHtml(label)}</dt><dd id="${id}">${escapeHtml(value)}</dd></div>`;
}

// The pass rate of each stage, a bar per stage.
function ratesTable(summary: ClassSummary): string {
  const rows = summary.stages.map((s) => {
    const percent = Math.round(s.rate * 100);
    return `<tr><th scope="row">${escapeHtml(s.stage)}</th><td><span class="bar-track"><span class="bar" style="width:${percent}%"></span></span></td><td>${percent} % (${s.passed}/${s.graded})</td></tr>`;
  });
  return `<table class="rates" id="stage-rates"><caption>Pass rate per stage (every case passed)</caption><tbody>${rows.join('')}</tbody></table>`;
}

// The cases failed most, each with its most common first differences and links to the submissions that show them.
function mostFailedList(summary: ClassSummary, rows: GradebookRow[]): string {
  if (summary.mostFailed.length === 0) return '<p id="most-failed-none">No case failed.</p>';
  const items = summary.mostFailed.map((c) => {
    const differences = c.differences.map((d) => {
      const links = d.submissions.slice(0, LINKS).map((i) => {
        const row = rows[i];
        return row ? `<a href="#s-${i}" data-submission="s-${i}" title="${escapeHtml(row.submission)}">${escapeHtml(shortName(row.submission))}</a>` : '';
      });
      const more = d.submissions.length > LINKS ? ` and ${d.submissions.length - LINKS} more` : '';
      return `<li><span class="count">${d.count} ${d.count === 1 ? 'submission' : 'submissions'}:</span><pre>${escapeHtml(d.difference)}</pre>`
        + (d.note ? `<p><b>note:</b> ${escapeHtml(d.note)}</p>` : '')
        + (d.mistake ? `<p><b>likely mistake:</b> ${escapeHtml(d.mistake)}</p>` : '')
        + `<p class="links">${links.join(', ')}${more}</p></li>`;
    });
    const tag = c.private ? '<span class="tag private">private</span>' : '';
    return `<li><b>${escapeHtml(`${c.stage} › ${c.name}`)}</b>${tag} — failed by ${c.failed} of ${summary.graded} <span class="file">${escapeHtml(c.file)}</span>`
      + `<p><b>hint:</b> ${escapeHtml(c.hint)}</p><ul>${differences.join('')}</ul></li>`;
  });
  return `<ol id="most-failed">${items.join('')}</ol>`;
}

// The whole summary section.
export function summarySection(summary: ClassSummary, rows: GradebookRow[]): string {
  const max = formatPoints(summary.maxScore);
  return `<section id="summary" aria-labelledby="summary-title">
<h2 id="summary-title">The class at a glance</h2>
<dl class="stats">${stat('stat-submissions', 'Submissions', String(summary.submissions))}${stat('stat-graded', 'Graded', String(summary.graded))}${stat('stat-mean', 'Mean', `${formatPoints(summary.mean)} / ${max}`)}${stat('stat-median', 'Median', `${formatPoints(summary.median)} / ${max}`)}</dl>
<div class="glance"><figure>${histogramSvg(summary.histogram)}<figcaption>Submissions per score band (% of ${max} points)</figcaption></figure>
${ratesTable(summary)}</div>
<h3 id="most-failed-title">Cases the class fails most</h3>
${mostFailedList(summary, rows)}
</section>`;
}
