import { defineConfig } from 'vitest/config';

// The in-process stage cases that StrykerJS runs for each mutant of reference/ (`npm run mutation`).
export default defineConfig({
  test: {
    include: ['test/mutants/stage-cases.mutation.ts'],
    setupFiles: ['test/mutants/private-tmpdir.ts'],
    testTimeout: 60_000,
  },
});
