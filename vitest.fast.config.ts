import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The pure, reporter, page and content tests, plus the reference tests that spawn nothing heavy (`npm run test:fast`). */
export const FAST_INCLUDE = ['test/{core,reporters,ui,docs,content}/**/*.test.ts', 'test/reference/*.test.ts', 'test/io/*.test.ts'];
/** A test file that starts the CLI, an MCP server or a whole program belongs here, out of the fast set. */
export const FAST_EXCLUDE = ['test/reference/mcp-*.test.ts', 'test/reference/program.test.ts', 'test/reference/protocol-program.test.ts', 'test/io/process-sweep.test.ts', 'test/io/run-case.test.ts', 'test/io/run-case-stack.test.ts'];

// `npm run test:fast`: the fast set. It needs no built CLI and no course run, so there is no global setup; `npm test`
// still runs every file (these among them, the same way).
export default defineConfig({
  test: {
    include: FAST_INCLUDE,
    exclude: FAST_EXCLUDE,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One module graph per worker, not one per file: these files mock no module and set no environment variable (a
    // file that does belongs in FAST_EXCLUDE), and importing the grader afresh for each of ~100 files tripled the CPU
    // of the run (32 s against 10 s, measured side by side at load 7).
    isolate: false,
    // Every core: these files are pure computation (vitest's default leaves one core of two idle).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
