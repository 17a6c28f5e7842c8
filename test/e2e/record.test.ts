import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, repoRoot, runCli } from './cli.ts';

const CASE = 'cases/register-tools/read-routes-to-view.json';

describe('dispatch-lab record (e2e)', () => {
  it('fills in an empty expectation from the reference, and --check then passes', async () => {
    const content = await copyContent();
    try {
      const path = join(content.dir, CASE);
      const original = JSON.parse(await readFile(path, 'utf8')) as { expect: unknown };
      await writeFile(path, JSON.stringify({ ...original, expect: {} }, null, 2));
      const check = await runCli(['record', '--check', '--stage', 'register-tools', '--content', content.dir, '--dir', repoRoot]);
      expect(check.exitCode).toBe(1);
      expect(check.stdout).toMatch(/stale: cases\/register-tools\/read-routes-to-view\.json/);
      const record = await runCli(['record', '--stage', 'register-tools', '--content', content.dir, '--dir', repoRoot]);
      expect(record.exitCode).toBe(0);
      expect(record.stdout).toMatch(/recorded: cases\/register-tools\/read-routes-to-view\.json/);
      expect((JSON.parse(await readFile(path, 'utf8')) as { expect: unknown }).expect).toEqual(original.expect);
      const again = await runCli(['record', '--check', '--stage', 'register-tools', '--content', content.dir, '--dir', repoRoot]);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toMatch(/^\d+ unchanged, 0 recorded, 0 stale, 0 unrecordable$/m);
    } finally {
      await content.dispose();
    }
  });

  it('--check names a case whose recorded output no longer matches the reference', async () => {
    const content = await copyContent();
    try {
      const path = join(content.dir, CASE);
      await writeFile(path, (await readFile(path, 'utf8')).replace('"1: A"', '"1: B"'));
      const check = await runCli(['record', '--check', '--stage', 'register-tools', '--content', content.dir, '--dir', repoRoot]);
      expect(check.exitCode).toBe(1);
      expect(check.stdout).toMatch(/stale: .*read-routes-to-view\.json .*\n\s+results\[0\]\.content: expected "1: B", received "1: A"/);
    } finally {
      await content.dispose();
    }
  });
});
