import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePrograms, runCli } from './cli.ts';

describe('dispatch-lab grade (e2e)', () => {
  it('grades several submissions into a JSON and CSV gradebook, an ungradable one included', async () => {
    const out = await mkdtemp(join(tmpdir(), 'dispatch-lab-gradebook-'));
    try {
      const buggy = join(fixturePrograms, 'write-not-routed');
      const missing = join(out, 'no-such-submission');
      const run = await runCli(['grade', '.', buggy, missing, '--stage', 'register-tools', '--out', join(out, 'book')]);
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toMatch(/^\.: (\d+)\/\1 points, (\d+)\/\2 cases$/m);
      const csv = (await readFile(join(out, 'book.csv'), 'utf8')).trimEnd().split('\n');
      expect(csv[0]).toBe('submission,score,max_score,passed,total,register-tools,problem');
      expect(csv[1]).toMatch(/^\.,(\d+),\1,(\d+),\2,\2\/\2,$/);
      expect(csv[2]).toMatch(/write-not-routed,(\d+),(\d+),\1,\2,\1\/\2,$/);
      expect(csv[3]).toMatch(/no-such-submission,0,(\d+),0,\1,0\/\1,no program\.ts in /);
      const book = JSON.parse(await readFile(join(out, 'book.json'), 'utf8')) as { stages: string[]; submissions: { score: number; maxScore: number }[] };
      expect(book.stages).toEqual(['register-tools']);
      const [reference, withBug] = book.submissions;
      expect(reference?.score).toBe(reference?.maxScore);
      expect(withBug?.score).toBeLessThan(withBug?.maxScore ?? 0);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
