import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './cli.ts';
import { miniCourse } from './mini-course.ts';

describe('DISPATCH_LAB_PROFILE (e2e)', () => {
  it('prints where the cases\' time went on stderr, and nothing more on stdout', async () => {
    const course = await miniCourse();
    try {
      const args = ['test', '--content', course.dir, '--dir', repoRoot, '--reporter', 'json'];
      const profiled = await runCli(args, { env: { DISPATCH_LAB_PROFILE: '1' } });
      expect(profiled.exitCode, profiled.stderr).toBe(0);
      expect(profiled.stderr).toMatch(/^profile: 3 case runs in \d+ ms of wall time/);
      for (const phase of ['program build (esbuild)', "the student's process", 'process sweep', 'temp dir removal', 'judging', 'reporting']) expect(profiled.stderr).toContain(phase);
      expect(JSON.parse(profiled.stdout).summary.passed).toBe(3);
      const plain = await runCli(args);
      expect(plain.stderr).toBe('');
    } finally {
      await course.dispose();
    }
  });
});
