import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import picomatch from 'picomatch';
import { configDefaults, defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/long-first-sequencer.ts';
import { FAST_EXCLUDE, FAST_INCLUDE } from './vitest.fast.config.ts';

/** The fast set's files (vitest.fast.config.ts), as paths from the repository root. */
const inFastSet = picomatch(FAST_INCLUDE, { ignore: FAST_EXCLUDE });
const FAST_FILES = readdirSync(join(import.meta.dirname, 'test'), { recursive: true, encoding: 'utf8' }).map((p) => `test/${p.split('\\').join('/')}`).filter((p) => inFastSet(p));

const timeouts = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // One test file more than there are cores (vitest's default is one fewer): many e2e files spend much of their time
    // waiting on the timeouts their programs run into (consistency.test.ts took 70 s on a quiet machine for about 17 s
    // of CPU), and with a file per core a waiting one left its core idle.
    maxWorkers: availableParallelism() + 1,
    // The longest files first, so that the run ends on short ones (see the sequencer).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      // The fast set as `npm run test:fast` runs it: no build, one module graph per worker.
      { test: { name: 'fast', include: FAST_FILES, isolate: false, ...timeouts } },
      // Everything else (e2e, feedback, mutants, layout, the reference and io tests that spawn), each file in its own
      // module graph and process, after the CLI is built once. Shared graphs (isolate: false) cut vitest's import time
      // from about 48 s to 18 s; a fresh clone's run with them failed the mutants test on a lost esbuild service, which
      // turned out to be the build's dispose killing it (fixed in a4b9d7a, not the sharing), but they were not tried again.
      { test: { name: 'rest', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...FAST_FILES], globalSetup: ['test/global-setup.ts'], ...timeouts } },
    ],
  },
});
