// StrykerJS over the reference's tool layer (the modules the nine tool stages exercise), killed by
// the stage cases run in-process (vitest.mutation.config.ts). `npm run mutation`; not part of npm test.
// Reports: .dispatch-lab/mutation/report.html and report.json.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: ['reference/*.ts', '!reference/index.ts', '!reference/types.ts', 'reference/tools/*.ts'],
  coverageAnalysis: 'perTest',
  // The machine is shared: two workers at most.
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: '.dispatch-lab/mutation/report.html' },
  jsonReporter: { fileName: '.dispatch-lab/mutation/report.json' },
  tempDirName: '.dispatch-lab/stryker-tmp',
  ignorePatterns: ['dist', '.dispatch-lab', 'coverage', 'test/fixtures', 'starter', '*.log'],
  thresholds: { high: 95, low: 90, break: null },
};
