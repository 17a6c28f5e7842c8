import pc from 'picocolors';
import type { ReporterFactory } from './reporter.ts';
import type { Paint } from './failure-details.ts';
import { caseLine } from './watch-marks.ts';

// Live progress on the interactive screen while a run is in flight: a header per stage and a line per finished case.
export const watchProgressReporter: ReporterFactory = ({ write, color }) => {
  const colors = pc.createColors(color);
  const paint: Paint = { dim: colors.dim, red: colors.red, green: colors.green, yellow: colors.yellow, bold: colors.bold };
  return {
    onStageStart({ stage, cases }) {
      write(`${paint.bold(stage.slug)} ${paint.dim(`· ${stage.title} · ${cases.length} cases`)}\n`);
    },
    onCaseEnd(result) {
      if (result.verdict.status !== 'skip') write(`${caseLine(result, paint)}\n`);
    },
  };
};
