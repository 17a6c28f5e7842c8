import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITE_PREFIX, removeStaleRuns } from './suite-folder.ts';

// What a killed suite run leaves is removed at the next run's start, and nothing of a run still going (this one) or
// of anything else in the temp root.

describe('removing what killed suite runs left', () => {
  it('removes the folders of runs whose process is gone, and keeps a live run\'s and every other folder', async () => {
    const tempRoot = await mkdtemp(join(tmpdir(), 'dispatch-lab-stale-'));
    try {
      const gone = spawnSync('true').pid;
      const dead = join(tempRoot, `${SUITE_PREFIX}${gone}-abc`);
      const deadSockets = join(tempRoot, `${SUITE_PREFIX}sockets-${gone}-abc`);
      const live = join(tempRoot, `${SUITE_PREFIX}${process.pid}-abc`);
      const other = join(tempRoot, 'dispatch-lab-case-abc');
      for (const dir of [dead, deadSockets, live, other]) await mkdir(join(dir, 'inside'), { recursive: true });
      const removed = await removeStaleRuns(tempRoot);
      expect(removed).toEqual(expect.arrayContaining([dead, deadSockets]));
      expect([dead, deadSockets, live, other].map((dir) => existsSync(dir))).toEqual([false, false, true, true]);
    } finally {
      await rm(tempRoot, { recursive: true, force: true });
    }
  });
});
