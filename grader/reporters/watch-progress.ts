import type { ReporterFactory } from './reporter.ts';
import type { Paint } from './failure-details.ts';
import { caseLine, paintOf } from './watch-marks.ts';
import { fitLines } from './fit-lines.ts';
import { DEFAULT_COLUMNS } from '../text/core/wrap-text.ts';

// Live progress on the interactive screen while a run is in flight: a header per stage and a line per finished case,
// laid out to `width` columns.
export const watchProgressReporter: ReporterFactory = ({ write, color, width = DEFAULT_COLUMNS }) => {
  const paint = paintOf(color);
  return {
    onStageStart({ stage, cases }) {
      write(`${fitLines([`${paint.bold(stage.slug)} ${paint.dim(`· ${stage.title} · ${cases.length} cases`)}`], width).join('\n')}\n`);
    },
    onCaseEnd(result) {
      if (result.verdict.status !== 'skip') write(`${fitLines([caseLine(result, paint)], width).join('\n')}\n`);
    },
  };
};

// What a cancelled run had shown (stage headers and case lines), marked as the previous save's, above the new run's progress.
export function carriedBlock(shown: string[], paint: Paint): string {
  return `${paint.yellow('from the previous save (cancelled before it finished):')}\n${shown.join('')}`;
}
