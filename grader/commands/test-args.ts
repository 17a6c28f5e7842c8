import { resolve } from 'node:path';
import type { Course } from '../course/core/course.ts';
import type { TestOptions } from '../run/test-options.ts';
import type { Reporter } from '../reporters/reporter.ts';
import { DEFAULT_TIMEOUT_MS, OUTPUT_LIMIT_BYTES } from '../run/test-options.ts';
import { type CommonArgs, contentRootOf, positiveInteger, selectionOf } from './options.ts';
import { knownMistakesLoader } from '../known/io/known-mistakes-file.ts';

/** Flags of `test` beyond the common ones. */
export type TestArgs = CommonArgs & { watch: boolean; poll: boolean };

// The run options the flags describe (shared by a single run and watch mode).
export function testOptionsOf(args: CommonArgs, course: Course, reporters: Reporter[]): TestOptions {
  const timeoutMs = positiveInteger('timeout', args.timeout);
  return {
    course,
    courseDir: resolve(args.dir),
    selection: selectionOf(args),
    jobs: positiveInteger('jobs', args.jobs) ?? 1,
    ...(timeoutMs ? { timeoutMs } : {}),
    defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    outputLimitBytes: OUTPUT_LIMIT_BYTES,
    bail: args.bail,
    keep: args.keep,
    reporters,
    onKeptDir: (path) => process.stderr.write(`kept: ${path}\n`),
    repeat: positiveInteger('repeat', args.repeat) ?? 1,
    knownMistakes: knownMistakesLoader(contentRootOf(args)),
  };
}
