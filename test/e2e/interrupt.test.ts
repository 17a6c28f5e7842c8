import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cli.ts';
import { leftoversOf } from '../leftovers.ts';
import { privateFolder, scenarioDir } from './scenario.ts';

// Wait until some case's program has written its "started" file into its temp dir.
async function waitForStartedCase(tmp: string, deadlineMs: number): Promise<void> {
  while (performance.now() < deadlineMs) {
    for (const entry of await readdir(tmp)) {
      if ((await readdir(join(tmp, entry)).catch((): string[] => [])).includes('started')) return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no case started in time');
}

describe('Ctrl-C during a run (e2e)', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s kills every running program and its children, removes the temp dirs and exits %i', async (signal, exitCode) => {
    const folder = await privateFolder();
    const dir = scenarioDir('hangs-with-child');
    try {
      const cli = execa(process.execPath, [join(repoRoot, 'bin/dispatch-lab.js'), 'test', '--dir', dir, '--stage', 'echo', '--jobs', '4', '--timeout', '60000'], {
        cwd: repoRoot,
        reject: false,
        env: { TMPDIR: folder.tmp, NO_COLOR: '1' },
      });
      await waitForStartedCase(folder.tmp, performance.now() + 30_000);
      const sent = performance.now();
      cli.kill(signal);
      const result = await cli;
      expect(result.exitCode).toBe(exitCode);
      // Long before the 60 s case timeout: the signal ended the run, not the timeout (no measure of speed).
      expect(performance.now() - sent).toBeLessThan(30_000);
      expect(await readdir(folder.tmp)).toEqual([]);
      expect(await leftoversOf(folder.base)).toEqual([]);
    } finally {
      await folder.dispose();
    }
  });
});
