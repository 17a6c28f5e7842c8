import fs from 'node:fs/promises';
import path from 'node:path';
import { describe } from 'vitest';
import { err, ok, testToolCases } from './tool-cases.ts';

const ABCD = { 'a.txt': 'A\nB\nC\nD\n' };

describe('view: files', () => {
  testToolCases([
    { name: 'one line, no final newline', files: { 'a.txt': 'A' }, call: (t) => t.view('a.txt'), expected: ok('1: A') },
    { name: 'final newline kept', files: { 'a.txt': 'A\nB\n' }, call: (t) => t.view('a.txt'), expected: ok('1: A\n2: B\n') },
    { name: 'empty file', files: { 'a.txt': '' }, call: (t) => t.view('a.txt'), expected: ok('') },
    { name: 'blank lines', files: { 'a.txt': '\n\n' }, call: (t) => t.view('a.txt'), expected: ok('1: \n2: \n') },
    { name: 'CRLF kept', files: { 'a.txt': 'A\r\nB' }, call: (t) => t.view('a.txt'), expected: ok('1: A\r\n2: B') },
    { name: 'leading slash is the root', files: { 'a.txt': 'A' }, call: (t) => t.view('/a.txt'), expected: ok('1: A') },
    { name: 'many leading slashes', files: { 'a.txt': 'A' }, call: (t) => t.view('//a.txt'), expected: ok('1: A') },
    { name: 'nested path', files: { 'src/x.ts': 'x;\n' }, call: (t) => t.view('src/x.ts'), expected: ok('1: x;\n') },
    { name: 'dot-dot that stays inside', files: { 'a.txt': 'A' }, call: (t) => t.view('src/../a.txt'), expected: ok('1: A') },
    { name: 'ten lines number to 10', files: { 'a.txt': 'x\n'.repeat(10) }, call: (t) => t.view('a.txt', [10, 10]), expected: ok('10: x\n') },
    { name: 'missing file', call: (t) => t.view('nope.txt'), expected: err('Error: File not found: nope.txt') },
    { name: 'host path is sandbox-relative', call: (t) => t.view('/etc/passwd'), expected: err('Error: File not found: /etc/passwd') },
    { name: 'under a file', files: { 'a.txt': 'A' }, call: (t) => t.view('a.txt/b'), expected: err('Error: File not found: a.txt/b') },
    { name: 'escape with ..', call: (t) => t.view('../x'), expected: err('Error: Path escapes the sandbox: ../x') },
    { name: 'escape via a subdirectory', call: (t) => t.view('a/../../x'), expected: err('Error: Path escapes the sandbox: a/../../x') },
    {
      name: 'escape through a symlink',
      setup: (root) => fs.symlink(path.dirname(root), path.join(root, 'out')),
      call: (t) => t.view('out'),
      expected: err('Error: Path escapes the sandbox: out'),
    },
    {
      name: 'symlink inside the sandbox is followed',
      files: { 'a.txt': 'A' },
      setup: (root) => fs.symlink('a.txt', path.join(root, 'link.txt')),
      call: (t) => t.view('link.txt'),
      expected: ok('1: A'),
    },
  ]);
});

describe('view: view_range', () => {
  testToolCases([
    { name: '[2, 3]', files: ABCD, call: (t) => t.view('a.txt', [2, 3]), expected: ok('2: B\n3: C\n') },
    { name: '[2, -1]', files: ABCD, call: (t) => t.view('a.txt', [2, -1]), expected: ok('2: B\n3: C\n4: D\n') },
    { name: '[1, 4] keeps the final newline', files: ABCD, call: (t) => t.view('a.txt', [1, 4]), expected: ok('1: A\n2: B\n3: C\n4: D\n') },
    { name: '[4, 4]', files: ABCD, call: (t) => t.view('a.txt', [4, 4]), expected: ok('4: D\n') },
    { name: '[2, 2] without final newline', files: { 'a.txt': 'A\nB' }, call: (t) => t.view('a.txt', [2, 2]), expected: ok('2: B') },
    { name: 'null is no range', files: ABCD, call: (t) => t.view('a.txt', null), expected: ok('1: A\n2: B\n3: C\n4: D\n') },
    { name: '[0, 2]', files: ABCD, call: (t) => t.view('a.txt', [0, 2]), expected: err('Error: Invalid view_range [0, 2]: the file has 4 lines') },
    { name: '[5, 5]', files: ABCD, call: (t) => t.view('a.txt', [5, 5]), expected: err('Error: Invalid view_range [5, 5]: the file has 4 lines') },
    { name: '[1, 5] is not clamped', files: ABCD, call: (t) => t.view('a.txt', [1, 5]), expected: err('Error: Invalid view_range [1, 5]: the file has 4 lines') },
    { name: '[3, 2]', files: ABCD, call: (t) => t.view('a.txt', [3, 2]), expected: err('Error: Invalid view_range [3, 2]: the file has 4 lines') },
    { name: '[1, -2]', files: ABCD, call: (t) => t.view('a.txt', [1, -2]), expected: err('Error: Invalid view_range [1, -2]: the file has 4 lines') },
    { name: 'empty file has no lines', files: { 'a.txt': '' }, call: (t) => t.view('a.txt', [1, -1]), expected: err('Error: Invalid view_range [1, -1]: the file has 0 lines') },
    { name: 'a string', files: ABCD, call: (t) => t.view('a.txt', '1-2'), expected: err('Error: Parameter view_range must be an array of two integers') },
    { name: 'one number', files: ABCD, call: (t) => t.view('a.txt', [1]), expected: err('Error: Parameter view_range must be an array of two integers') },
    { name: 'three numbers', files: ABCD, call: (t) => t.view('a.txt', [1, 2, 3]), expected: err('Error: Parameter view_range must be an array of two integers') },
    { name: 'a fraction', files: ABCD, call: (t) => t.view('a.txt', [1.5, 2]), expected: err('Error: Parameter view_range must be an array of two integers') },
    { name: 'numeric strings', files: ABCD, call: (t) => t.view('a.txt', ['1', '2']), expected: err('Error: Parameter view_range must be an array of two integers') },
    { name: 'on a directory', files: { 'sub/x': '' }, call: (t) => t.view('sub', [1, 1]), expected: err('Error: view_range is not allowed for a directory: sub') },
  ]);
});

describe('view: directories', () => {
  const TREE = { 'b.txt': '', 'a.txt': '', 'B.txt': '', 'Z/y': '', 'sub/x': '', '.env': '' };
  const LISTING = '.env\nB.txt\nZ/\na.txt\nb.txt\nsub/';
  testToolCases([
    { name: 'root as ""', files: TREE, call: (t) => t.view(''), expected: ok(LISTING) },
    { name: 'root as "."', files: TREE, call: (t) => t.view('.'), expected: ok(LISTING) },
    { name: 'root as "/"', files: TREE, call: (t) => t.view('/'), expected: ok(LISTING) },
    { name: 'a subdirectory', files: TREE, call: (t) => t.view('sub'), expected: ok('x') },
    { name: 'a subdirectory with trailing slash', files: TREE, call: (t) => t.view('sub/'), expected: ok('x') },
    { name: 'an empty directory', setup: (root) => fs.mkdir(path.join(root, 'empty')), call: (t) => t.view('empty'), expected: ok('') },
    { name: 'empty root', call: (t) => t.view('/'), expected: ok('') },
    { name: 'names sorted with their "/"', files: { 'a/x': '', 'a-b': '', 'a.c': '', a0: '' }, call: (t) => t.view(''), expected: ok('a-b\na.c\na/\na0') },
    {
      name: 'a symlink is listed without "/"',
      files: { 'docs/a.txt': 'A' },
      setup: (root) => fs.symlink('docs', path.join(root, 'd')),
      call: (t) => t.view(''),
      expected: ok('d\ndocs/'),
    },
  ]);
});

describe('view: parameters', () => {
  testToolCases([
    { name: 'path missing', call: (t) => t.view(undefined), expected: err('Error: Parameter path is required') },
    { name: 'path null', call: (t) => t.view(null), expected: err('Error: Parameter path is required') },
    { name: 'path a number', call: (t) => t.view(5), expected: err('Error: Parameter path must be a string') },
    { name: 'path an array', call: (t) => t.view(['a.txt']), expected: err('Error: Parameter path must be a string') },
  ]);
});
