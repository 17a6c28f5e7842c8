import type { ReporterFactory } from './reporter.ts';
import { prettyReporter } from './pretty.ts';
import { jsonReporter } from './json.ts';
import { junitReporter } from './junit.ts';
import { githubReporter } from './github.ts';

/** Every reporter --reporter can name. */
export const REPORTERS: Record<string, ReporterFactory> = {
  pretty: prettyReporter,
  json: jsonReporter,
  junit: junitReporter,
  github: githubReporter,
};
