import { describe } from 'vitest';
import { err, ok, testToolCases } from './tool-cases.ts';

const TREE = {
  'a.txt': 'foo\nbar\nfoo bar\n',
  'B.txt': 'foo',
  'src/x.ts': 'const foo = 1;\n',
  'src/deep/y.ts': 'no\nfoo()\n',
  'lib/z.js': 'foo\n',
  '.env': 'foo=1\n',
  '.hidden/h.ts': 'foo\n',
  'bin.dat': 'foo\u0000bar\n',
};

describe('grep', () => {
  testToolCases([
    {
      name: 'every file, sorted, lines ascending',
      files: TREE,
      call: (t) => t.grep('foo'),
      expected: ok('B.txt:1:foo\na.txt:1:foo\na.txt:3:foo bar\nlib/z.js:1:foo\nsrc/deep/y.ts:2:foo()\nsrc/x.ts:1:const foo = 1;'),
    },
    { name: 'a regular expression', files: TREE, call: (t) => t.grep('^b.r$'), expected: ok('a.txt:2:bar') },
    { name: 'case-sensitive', files: TREE, call: (t) => t.grep('FOO'), expected: ok('No matches found') },
    { name: 'one file', files: TREE, call: (t) => t.grep('foo', 'a.txt'), expected: ok('a.txt:1:foo\na.txt:3:foo bar') },
    { name: 'one directory, paths from the root', files: TREE, call: (t) => t.grep('foo', 'src'), expected: ok('src/deep/y.ts:2:foo()\nsrc/x.ts:1:const foo = 1;') },
    { name: 'glob without / matches at any depth', files: TREE, call: (t) => t.grep('foo', undefined, '*.ts'), expected: ok('src/deep/y.ts:2:foo()\nsrc/x.ts:1:const foo = 1;') },
    { name: 'glob with / matches the relative path', files: TREE, call: (t) => t.grep('foo', undefined, 'src/*.ts'), expected: ok('src/x.ts:1:const foo = 1;') },
    { name: 'glob relative to the path', files: TREE, call: (t) => t.grep('foo', 'src', 'deep/*.ts'), expected: ok('src/deep/y.ts:2:foo()') },
    { name: 'glob on a single file', files: TREE, call: (t) => t.grep('foo', 'a.txt', '*.ts'), expected: ok('No matches found') },
    { name: 'a named dotfile (glob)', files: TREE, call: (t) => t.grep('foo', undefined, '.env'), expected: ok('.env:1:foo=1') },
    { name: 'a named dotfile (path)', files: TREE, call: (t) => t.grep('foo', '.env'), expected: ok('.env:1:foo=1') },
    { name: 'a named dot directory (path)', files: TREE, call: (t) => t.grep('foo', '.hidden'), expected: ok('.hidden/h.ts:1:foo') },
    { name: 'binary files are skipped', files: TREE, call: (t) => t.grep('bar', undefined, '*.dat'), expected: ok('No matches found') },
    { name: 'a binary file named by path is skipped', files: TREE, call: (t) => t.grep('bar', 'bin.dat'), expected: ok('No matches found') },
    { name: 'CR stays in the line', files: { 'a.txt': 'a\r\nb\r\n' }, call: (t) => t.grep('a'), expected: ok('a.txt:1:a\r') },
    { name: 'a final line without newline', files: { 'a.txt': 'x\ny' }, call: (t) => t.grep('y'), expected: ok('a.txt:2:y') },
    { name: 'no match', files: TREE, call: (t) => t.grep('zzz'), expected: ok('No matches found') },
    { name: 'invalid regex', files: TREE, call: (t) => t.grep('('), expected: err('Error: Invalid regular expression: (') },
    { name: 'invalid class', files: TREE, call: (t) => t.grep('[a-'), expected: err('Error: Invalid regular expression: [a-') },
    { name: 'missing path', call: (t) => t.grep('foo', 'nope'), expected: err('Error: Path not found: nope') },
    { name: 'escape', call: (t) => t.grep('foo', '../'), expected: err('Error: Path escapes the sandbox: ../') },
    { name: 'empty pattern', call: (t) => t.grep(''), expected: err('Error: Parameter pattern must not be empty') },
    { name: 'pattern missing', call: (t) => t.grep(undefined), expected: err('Error: Parameter pattern is required') },
    { name: 'glob a number', call: (t) => t.grep('x', undefined, 3), expected: err('Error: Parameter glob must be a string') },
    { name: 'empty glob', call: (t) => t.grep('x', undefined, ''), expected: err('Error: Parameter glob must not be empty') },
  ]);
});
