import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:fast`: the pure, reporter, page and content tests, plus the reference tests that spawn nothing heavy.
// They need no built CLI and no course run, so there is no global setup; `npm test` still runs every file.
// A test file that starts the CLI, an MCP server or a whole program belongs in `exclude` below.
export default defineConfig({
  test: {
    include: ['test/{core,reporters,ui,docs,content}/**/*.test.ts', 'test/reference/*.test.ts', 'test/io/*.test.ts'],
    exclude: ['test/reference/mcp-*.test.ts', 'test/reference/program.test.ts', 'test/reference/protocol-program.test.ts', 'test/io/process-sweep.test.ts', 'test/io/run-case.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every core: these files are pure computation (vitest's default leaves one core of two idle).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
