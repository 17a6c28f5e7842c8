import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDirectoryOf, withTempSandbox } from '../../harness/temp-sandbox.ts';

describe('sandbox empty directories', () => {
  it.each<[string, string, string | undefined]>([['build/', '', 'build'], ['a/b//', '', 'a/b'], ['build/', 'x', undefined], ['a.txt', '', undefined], ['/', '', undefined]])('%s = %j → %s', (name, text, expected) => {
    expect(emptyDirectoryOf(name, text)).toBe(expected);
  });

  it('seeds "dir/": "" as an empty directory beside the files', async () => {
    const seen = await withTempSandbox({ 'empty/': '', 'src/a.txt': 'A' }, async (root) => ({
      entries: (await readdir(root)).sort(),
      emptyIsDir: (await stat(join(root, 'empty'))).isDirectory(),
      emptyEntries: await readdir(join(root, 'empty')),
    }));
    expect(seen).toEqual({ entries: ['empty', 'src'], emptyIsDir: true, emptyEntries: [] });
  });

  it('refuses a directory that climbs out of the sandbox', async () => {
    await expect(withTempSandbox({ '../out/': '' }, async () => 'ran')).rejects.toThrow(/contains "\.\."/);
  });
});
