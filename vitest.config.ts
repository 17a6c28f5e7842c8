import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/long-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two test files at a time even on 2 cores (vitest's default there is one): an e2e file spends most of its time
    // waiting on the processes it starts, and one file at a time left a core idle for half of the suite.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files first, so that the run ends on short ones (see the sequencer).
    sequence: { sequencer: LongFirstSequencer },
  },
});
