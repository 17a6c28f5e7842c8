import { resolve } from 'node:path';
import type { Course } from '../core/course.ts';
import { loadCourse } from '../course-loader.ts';
import { runTests, type TestOptions } from '../app.ts';
import type { Reporter } from '../reporters/reporter.ts';
import { saveStageStatus } from '../io/stage-status.ts';
import { type CommonArgs, contentRootOf, DEFAULT_TIMEOUT_MS, openReporters, OUTPUT_LIMIT_BYTES, positiveInteger, selectionOf } from './options.ts';

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
  };
}

// `dispatch-lab test`: grade the course directory once; the exit code says whether everything passed.
export async function testCommand(args: TestArgs): Promise<number> {
  if (args.watch) {
    const { watchCommand } = await import('./watch.ts');
    return watchCommand(args);
  }
  const course = await loadCourse(contentRootOf(args));
  const { reporters, sinks } = openReporters(args);
  const options = testOptionsOf(args, course, reporters);
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const { report, cancelled } = await runTests({ ...options, signal: abort.signal });
    if (cancelled) return 130;
    await saveStageStatus(options.courseDir, report);
    return report.stages.some((s) => s.status === 'fail') ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    for (const sink of sinks) sink.close();
  }
}
