import type { ReporterFactory } from './reporter.ts';
import { boundedText, firstDifference } from '../judge/core/first-difference.ts';
import { formatScore, reportScore } from '../course/core/points.ts';
import { annotationPlace, type SourceFiles } from '../report/core/annotation-file.ts';
import { describeVerdict } from '../judge/core/describe.ts';
import type { CaseResult, Report, StageResult } from '../course/core/types.ts';

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

// The texts of a failure that may name a source file and line: the verdict, the stage's problem, then stderr.
function failureTexts(stage: StageResult, c: CaseResult): string[] {
  return [describeVerdict(c.verdict), stage.problem ?? '', c.run?.stderr ?? ''];
}

// GitHub Actions workflow commands: an error annotation per failing case (the first ten: GitHub shows no more per step),
// titled with the case, on the student's file the failure names (else the file the stage's text puts its code in, else
// program.ts; never a case file, which is in the grader's package and not in the student's repository), and a closing
// notice with the score.
export function githubAnnotations(report: Report, source?: SourceFiles): string {
  const failing = report.stages.flatMap((stage) => stage.cases
    .filter((c) => c.verdict.status !== 'pass' && c.verdict.status !== 'skip')
    .map((c) => ({ stage, c })));
  const lines = failing.slice(0, MAX_ERROR_ANNOTATIONS).map(({ stage, c }) => {
    const message = boundedText(`${firstDifference(c.verdict)}\nhint: ${c.case.hint}`, MESSAGE_CHARS);
    const place = annotationPlace(failureTexts(stage, c), source, stage.stage.slug);
    const at = [`file=${escapeProperty(place.file)}`, ...(place.line ? [`line=${place.line}`] : []), ...(place.col ? [`col=${place.col}`] : [])].join(',');
    return `::error ${at},title=${escapeProperty(`${stage.stage.slug} › ${c.case.name}`)}::${escapeData(message)}`;
  });
  const s = report.summary;
  const unshown = failing.length - lines.length;
  const note = unshown > 0 ? `; … ${unshown} more failing cases not shown as annotations (GitHub shows ${MAX_ERROR_ANNOTATIONS} per step): see the log or the job summary` : '';
  lines.push(`::notice title=dispatch-lab::${escapeData(`${formatScore(reportScore(report))} points: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.total} cases)${note}`)}`);
  return `${lines.join('\n')}\n`;
}

// Prints GitHub annotations when the run ends (the job summary is the github-summary reporter's).
export const githubReporter: ReporterFactory = ({ write, source }) => ({
  onRunEnd(report) {
    write(githubAnnotations(report, source));
  },
});
