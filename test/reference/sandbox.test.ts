import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { Sandbox } from '../../reference/sandbox.ts';
import { Failure } from '../../reference/failure.ts';
import { withTempSandbox } from '../../harness/temp-sandbox.ts';

// Symlinks used below: out → the sandbox's parent directory, dangling → a missing file outside,
// sibling → a missing directory beside the sandbox whose name starts with the sandbox's,
// inner → the sandbox's own `sub`.
async function prepare(root: string): Promise<void> {
  await fs.symlink(path.dirname(root), path.join(root, 'out'));
  await fs.symlink(`${root}-missing-target`, path.join(root, 'dangling'));
  await fs.symlink(`${root}2`, path.join(root, 'sibling'));
  await fs.symlink('sub', path.join(root, 'inner'));
  await fs.symlink('../..', path.join(root, 'sub', 'up'));
}

it.each([
  { given: '', inside: '' },
  { given: '.', inside: '' },
  { given: '/', inside: '' },
  { given: '///', inside: '' },
  { given: 'a.txt', inside: 'a.txt' },
  { given: '/a.txt', inside: 'a.txt' },
  { given: '//a.txt', inside: 'a.txt' },
  { given: './a.txt', inside: 'a.txt' },
  { given: 'sub/../a.txt', inside: 'a.txt' },
  { given: '/etc/passwd', inside: 'etc/passwd' },
  { given: 'new/deeper/file.txt', inside: 'new/deeper/file.txt' },
  { given: 'inner/x.txt', inside: 'inner/x.txt' },
  { given: 'inner/missing/y.txt', inside: 'inner/missing/y.txt' },
  { given: '..notes.txt', inside: '..notes.txt' },
  { given: 'sub/..x/y', inside: 'sub/..x/y' },
  { given: '..', inside: null },
  { given: '../x', inside: null },
  { given: 'sub/../../x', inside: null },
  { given: '/../x', inside: null },
  { given: 'out', inside: null },
  { given: 'out/anything', inside: null },
  { given: 'dangling', inside: null },
  { given: 'sub/up', inside: null },
  { given: 'sub/up/new.txt', inside: null },
  { given: 'sibling', inside: null },
  { given: 'sibling/new.txt', inside: null },
])('resolve($given)', ({ given, inside }) =>
  withTempSandbox({ 'a.txt': 'A', 'sub/x.txt': 'X' }, async (root) => {
    await prepare(root);
    const resolved = await new Sandbox(root).resolve(given);
    if (inside === null) {
      expect(resolved).toEqual(new Failure(`Error: Path escapes the sandbox: ${given}`));
    } else {
      expect(resolved).toBe(path.join(root, inside));
    }
  }),
);

it('gives root-relative names with "/"', () =>
  withTempSandbox({}, async (root) => {
    expect(new Sandbox(root).relative(path.join(root, 'a', 'b.txt'))).toBe('a/b.txt');
  }),
);
