import type { ReporterFactory } from './reporter.ts';
import { prettyReporter } from './pretty.ts';
import { jsonReporter } from './json.ts';
import { junitReporter } from './junit.ts';
import { githubReporter } from './github.ts';
import { githubSummaryReporter } from './github-summary.ts';
import { gradescopeReporter } from './gradescope.ts';
import { studentFacing } from './student-facing.ts';

/** Every reporter --reporter can name. All but json are student-facing: private cases reach them redacted. */
export const REPORTERS: Record<string, ReporterFactory> = {
  pretty: studentFacing(prettyReporter),
  json: jsonReporter,
  junit: studentFacing(junitReporter),
  github: studentFacing(githubReporter),
  'github-summary': studentFacing(githubSummaryReporter),
  gradescope: studentFacing(gradescopeReporter),
};

