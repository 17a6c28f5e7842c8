import { describe, expect, it } from 'vitest';
import { crashLine, crashOf, describeStartCrash, isSameCrash } from '../../grader/judge/core/start-crash.ts';
import type { RunResult } from '../../grader/course/core/types.ts';

const COURSE = '/home/student/course';

function died(stderr: string, overrides: Partial<RunResult> = {}): RunResult {
  return { stdout: '', stderr, exitCode: 1, signal: null, timedOut: false, durationMs: 5, stdoutDroppedBytes: 0, stderrDroppedBytes: 0, outputLimitBytes: 100, ...overrides };
}

const THROW_AT_IMPORT = `${COURSE}/src/tools.ts:3
throw new Error(bad + ' at import');
      ^


Error: boom at import
    at <anonymous> (${COURSE}/src/tools.ts:3:7)
    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)
    at async ModuleLoader.import (node:internal/modules/esm/loader:606:24)

Node.js v20.20.2
`;

const MODULE_NOT_FOUND = `node:internal/modules/esm/resolve:873
  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);
        ^

Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'lodash' imported from ${COURSE}/.dispatch-lab/build/x/program.mjs
    at packageResolve (node:internal/modules/esm/resolve:873:9)

Node.js v20.20.2
`;

describe('crashOf', () => {
  it('reads a throw at import: where (relative to the course), the error, the source line and own frames', () => {
    expect(crashOf(died(THROW_AT_IMPORT), COURSE)).toEqual({
      where: 'src/tools.ts:3:7',
      error: 'Error: boom at import',
      source: "throw new Error(bad + ' at import');",
      frames: ['at <anonymous> (src/tools.ts:3:7)'],
    });
  });

  it('reads a crash inside Node itself without a place in the program', () => {
    expect(crashOf(died(MODULE_NOT_FOUND), COURSE)).toEqual({
      error: "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'lodash' imported from .dispatch-lab/build/x/program.mjs",
      frames: [],
    });
  });

  it.each<[string, RunResult]>([
    ['a clean exit', died(THROW_AT_IMPORT, { exitCode: 0 })],
    ['a timeout', died(THROW_AT_IMPORT, { timedOut: true })],
    ['a signal', died(THROW_AT_IMPORT, { exitCode: null, signal: 'SIGKILL' })],
    ['output on stdout', died(THROW_AT_IMPORT, { stdout: '{}' })],
    ['stderr that is not a crash report', died('fatal: not wired up\n')],
  ])('is undefined for %s', (_, run) => {
    expect(crashOf(run, COURSE)).toBeUndefined();
  });
});

describe('start crash texts', () => {
  const crash = crashOf(died(THROW_AT_IMPORT), COURSE)!;

  it('compares place and error only', () => {
    expect(isSameCrash(crash, { ...crash, frames: [] })).toBe(true);
    expect(isSameCrash(crash, { ...crash, error: 'Error: other' })).toBe(false);
  });

  it('names the crash as file:line: error, then shows the source and frames', () => {
    expect(crashLine(crash)).toBe('src/tools.ts:3:7: Error: boom at import');
    expect(describeStartCrash(crash).split('\n').slice(1)).toEqual([
      'src/tools.ts:3:7: Error: boom at import',
      "    throw new Error(bad + ' at import');",
      '    at <anonymous> (src/tools.ts:3:7)',
    ]);
  });
});
