import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedModes, foldersUpFrom, modesOf } from './folder-modes.ts';

// The check the global setup and teardown make around the suite (no permission changed outside the checkout) names
// each folder whose mode changed, with both modes, and nothing else.

describe('the folder-mode check around the suite', () => {
  it('lists every folder from a path up to /, nearest first', () => {
    expect(foldersUpFrom('/a/b/c')).toEqual(['/a/b/c', '/a/b', '/a', '/']);
  });

  it('names a folder whose mode changed, with its mode before and after, and no other', async () => {
    const base = await mkdtemp(join(tmpdir(), 'dispatch-lab-modes-'));
    try {
      const folders = [base, join(base, '..')];
      await chmod(base, 0o700);
      const before = modesOf(folders);
      expect(changedModes(before, modesOf(folders))).toEqual([]);
      await chmod(base, 0o711);
      expect(changedModes(before, modesOf(folders))).toEqual([`${base}: mode 700 before the run, 711 after`]);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it('says when a folder is gone after the run', () => {
    expect(changedModes([{ folder: '/x', mode: '755' }], [{ folder: '/x', mode: 'gone' }])).toEqual(['/x: mode 755 before the run, gone after']);
  });
});
