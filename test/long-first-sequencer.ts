import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Roughly how long the slowest files take in `npm test` on a quiet 2-core machine, in ms (the order matters, not the
 * figures; every file of 7 s or more, measured on 2026-12-06). A clean clone (CI after `npm ci`) has no vitest results
 * cache, and vitest then starts the largest files first: a short file of long runs (the feedback variants, the
 * mutants) could start last and leave a core idle while it ends, as record-known-mistakes.test.ts did before it was
 * listed here.
 */
const KNOWN_LONG_MS: Record<string, number> = {
  'test/mutants/mutants.test.ts': 83_000,
  'test/feedback/feedback.test.ts': 83_000,
  'test/e2e/isolate-host.test.ts': 81_000,
  'test/e2e/isolate.test.ts': 78_000,
  'test/e2e/hostile.test.ts': 35_000,
  'test/e2e/record-known-mistakes.test.ts': 28_000,
  'test/e2e/consistency.test.ts': 27_000,
  'test/e2e/grade-hostile-files.test.ts': 25_000,
  'test/e2e/isolate-build.test.ts': 24_000,
  'test/e2e/hang-cut-short.test.ts': 23_000,
  'test/e2e/pack.test.ts': 22_000,
  'test/e2e/course-flow.test.ts': 22_000,
  'test/e2e/watch.test.ts': 21_000,
  'test/e2e/test-command.test.ts': 19_000,
  'test/e2e/gradebook-html.test.ts': 17_000,
  'test/e2e/autograder.test.ts': 16_000,
  'test/e2e/similarity.test.ts': 15_000,
  'test/io/run-case.test.ts': 14_000,
  'test/e2e/isolate-unprivileged.test.ts': 14_000,
  'test/e2e/watch-order.test.ts': 13_000,
  'test/e2e/new-command-stage.test.ts': 13_000,
  'test/e2e/ci-shards.test.ts': 12_000,
  'test/e2e/record.test.ts': 11_000,
  'test/e2e/untrusted-output.test.ts': 10_000,
  'test/e2e/ui.test.ts': 10_000,
  'test/e2e/feedback-blocks.test.ts': 9_000,
  'test/reference/program.test.ts': 8_000,
  'test/e2e/junit-schema.test.ts': 8_000,
  'test/e2e/watch-tty.test.ts': 7_000,
  'test/e2e/pretty-layout.test.ts': 7_000,
};

// Files longest first: by the duration vitest recorded on this machine when it has one, else by KNOWN_LONG_MS, else
// after those (in vitest's own order), so that the last files to start are the short ones and both cores stay busy.
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map((await super.sort(files)).map((spec) => {
      const path = relative(spec.project.config.root, spec.moduleId).split('\\').join('/');
      return [spec, this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration ?? KNOWN_LONG_MS[path] ?? -1] as const;
    }));
    // A stable sort: files with no figure keep vitest's order among themselves.
    return [...expected.keys()].sort((a, b) => (expected.get(b) ?? -1) - (expected.get(a) ?? -1));
  }
}
