import type { Report } from '../core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { boundedText, firstDifference } from '../core/first-difference.ts';
import { formatScore, reportScore } from '../core/points.ts';

/** Error annotations GitHub shows per step (more are dropped silently, and a job shows at most 50 in all). */
export const MAX_ERROR_ANNOTATIONS = 10;
/** Characters of one annotation's message. */
const MESSAGE_CHARS = 1_000;

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

// GitHub Actions workflow commands: an error annotation per failing case (the first ten: GitHub shows no more per step),
// on its case file, and a closing notice with the score that says how many failures were not annotated.
export function githubAnnotations(report: Report): string {
  const failing = report.stages.flatMap((stage) => stage.cases
    .filter((c) => c.verdict.status !== 'pass' && c.verdict.status !== 'skip')
    .map((c) => ({ stage: stage.stage.slug, c })));
  const lines = failing.slice(0, MAX_ERROR_ANNOTATIONS).map(({ stage, c }) => {
    const message = boundedText(`${firstDifference(c.verdict)}\nhint: ${c.case.hint}`, MESSAGE_CHARS);
    return `::error file=${escapeProperty(c.case.file)},title=${escapeProperty(`${stage} › ${c.case.name}`)}::${escapeData(message)}`;
  });
  const s = report.summary;
  const unshown = failing.length - lines.length;
  const note = unshown > 0 ? `; … ${unshown} more failing cases not shown as annotations (GitHub shows ${MAX_ERROR_ANNOTATIONS} per step): see the log or the job summary` : '';
  lines.push(`::notice title=dispatch-lab::${escapeData(`${formatScore(reportScore(report))} points: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.total} cases)${note}`)}`);
  return `${lines.join('\n')}\n`;
}

// Prints GitHub annotations when the run ends (the job summary is the github-summary reporter's).
export const githubReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(githubAnnotations(report));
  },
});
