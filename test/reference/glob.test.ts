import fs from 'node:fs/promises';
import path from 'node:path';
import { describe } from 'vitest';
import { err, ok, testToolCases } from './tool-cases.ts';

const TREE = {
  'a.txt': '',
  'B.txt': '',
  'sub/b.txt': '',
  'sub/deep/c.txt': '',
  'src/x.ts': '',
  '.env': '',
  '.git/config': '',
  'sub/.env': '',
};

describe('glob', () => {
  testToolCases([
    { name: '** with one file', files: { 'a.txt': 'A' }, call: (t) => t.glob('**'), expected: ok('a.txt') },
    { name: '** skips dot names', files: TREE, call: (t) => t.glob('**'), expected: ok('B.txt\na.txt\nsrc/x.ts\nsub/b.txt\nsub/deep/c.txt') },
    { name: '* stays in one directory', files: TREE, call: (t) => t.glob('*.txt'), expected: ok('B.txt\na.txt') },
    { name: '**/ crosses directories', files: TREE, call: (t) => t.glob('**/*.txt'), expected: ok('B.txt\na.txt\nsub/b.txt\nsub/deep/c.txt') },
    { name: 'a named dotfile', files: TREE, call: (t) => t.glob('.env'), expected: ok('.env') },
    { name: 'a named dotfile at any depth', files: TREE, call: (t) => t.glob('**/.env'), expected: ok('.env\nsub/.env') },
    { name: 'a named dot directory', files: TREE, call: (t) => t.glob('.git/**'), expected: ok('.git/config') },
    { name: 'braces', files: TREE, call: (t) => t.glob('**/*.{ts,env}'), expected: ok('src/x.ts') },
    { name: 'under a path, relative to the root', files: TREE, call: (t) => t.glob('*.txt', 'sub'), expected: ok('sub/b.txt') },
    { name: 'under a path with a leading slash', files: TREE, call: (t) => t.glob('**', '/sub'), expected: ok('sub/b.txt\nsub/deep/c.txt') },
    { name: 'path "/" is the root', files: TREE, call: (t) => t.glob('*.txt', '/'), expected: ok('B.txt\na.txt') },
    { name: 'no match', files: TREE, call: (t) => t.glob('*.md'), expected: ok('No files found') },
    { name: 'empty sandbox', call: (t) => t.glob('**'), expected: ok('No files found') },
    { name: 'directories are not results', setup: (root) => fs.mkdir(path.join(root, 'empty')), call: (t) => t.glob('*'), expected: ok('No files found') },
    {
      name: 'symlinks are not followed',
      files: { 'sub/b.txt': '' },
      setup: async (root) => {
        await fs.symlink('sub', path.join(root, 'link'));
        await fs.symlink('sub/b.txt', path.join(root, 'l.txt'));
      },
      call: (t) => t.glob('**'),
      expected: ok('sub/b.txt'),
    },
    { name: 'path missing', files: TREE, call: (t) => t.glob('*', 'nope'), expected: err('Error: Directory not found: nope') },
    { name: 'path is a file', files: TREE, call: (t) => t.glob('*', 'a.txt'), expected: err('Error: Directory not found: a.txt') },
    { name: 'path escapes', call: (t) => t.glob('*', '..'), expected: err('Error: Path escapes the sandbox: ..') },
    { name: 'empty pattern', call: (t) => t.glob(''), expected: err('Error: Parameter pattern must not be empty') },
    { name: 'pattern missing', call: (t) => t.glob(undefined), expected: err('Error: Parameter pattern is required') },
    { name: 'pattern a number', call: (t) => t.glob(1), expected: err('Error: Parameter pattern must be a string') },
    { name: 'path a number', call: (t) => t.glob('*', 1), expected: err('Error: Parameter path must be a string') },
  ]);
});
