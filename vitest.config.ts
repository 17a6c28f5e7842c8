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
      // Everything else (e2e, feedback, mutants, layout, the reference and io tests that spawn), after the CLI is built
      // once, with one module graph per worker (isolate: false), which cut vitest's import time from about 48 s to 21 s.
      // A file must therefore leave nothing behind in its process: no mocks, stubbed globals or fake timers left on.
      // (A fresh clone's run once lost the mutants test to a dead esbuild service; that was the build's dispose
      // killing the process's service, fixed in a4b9d7a, not the sharing.)
      { test: { name: 'rest', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...FAST_FILES], globalSetup: ['test/global-setup.ts'], isolate: false, ...timeouts } },
    ],
  },
});
