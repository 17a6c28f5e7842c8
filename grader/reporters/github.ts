import type { Report } from '../core/types.ts';
import type { ReporterFactory } from './reporter.ts';
import { describeVerdict } from '../core/describe.ts';

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

// GitHub Actions workflow commands: an error annotation per failing case, on its case file, and a closing notice.
export function githubAnnotations(report: Report): string {
  const lines = report.stages.flatMap((stage) => stage.cases
    .filter((c) => c.verdict.status !== 'pass' && c.verdict.status !== 'skip')
    .map((c) => `::error file=${escapeProperty(c.case.file)},title=${escapeProperty(`${stage.stage.slug} › ${c.case.name}`)}::${escapeData(`${describeVerdict(c.verdict)}\nhint: ${c.case.hint}`)}`));
  const s = report.summary;
  lines.push(`::notice title=dispatch-lab::${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.total} cases)`);
  return `${lines.join('\n')}\n`;
}

// Prints GitHub annotations when the run ends.
export const githubReporter: ReporterFactory = ({ write }) => ({
  onRunEnd(report) {
    write(githubAnnotations(report));
  },
});
