import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES_PREFIX, SANDBOX_BUILD_SCRIPT } from '../../grader/sandbox/io/sandbox-build-script.ts';

// The isolated build's program is JavaScript kept in a string: a quote out of place would break every isolated build.

describe('the isolated build script', () => {
  it('is a module node accepts, and writes its messages behind the prefix the grader reads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dispatch-lab-build-script-'));
    try {
      const file = join(dir, 'build.mjs');
      await writeFile(file, SANDBOX_BUILD_SCRIPT);
      expect(() => execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' })).not.toThrow();
      expect(SANDBOX_BUILD_SCRIPT).toContain(MESSAGES_PREFIX);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
