import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { err, ok, readTextOrNull, testToolCases } from './tool-cases.ts';

describe('create', () => {
  testToolCases([
    { name: 'a new file', call: (t) => t.create('a.txt', 'A\n'), expected: ok('File created successfully at: a.txt'), filesAfter: { 'a.txt': 'A\n' } },
    { name: 'parent directories', call: (t) => t.create('a/b/c.txt', 'C'), expected: ok('File created successfully at: a/b/c.txt'), filesAfter: { 'a/b/c.txt': 'C' } },
    { name: 'overwrites', files: { 'a.txt': 'old' }, call: (t) => t.create('a.txt', 'new'), expected: ok('File created successfully at: a.txt'), filesAfter: { 'a.txt': 'new' } },
    { name: 'empty text is text', call: (t) => t.create('a.txt', ''), expected: ok('File created successfully at: a.txt'), filesAfter: { 'a.txt': '' } },
    { name: 'message repeats the path as given', call: (t) => t.create('/x.txt', 'X'), expected: ok('File created successfully at: /x.txt'), filesAfter: { 'x.txt': 'X' } },
    { name: 'path is a directory', files: { 'sub/x': '' }, call: (t) => t.create('sub', 'X'), expected: err('Error: Path is a directory: sub') },
    { name: 'path is the root', call: (t) => t.create('/', 'X'), expected: err('Error: Path is a directory: /') },
    { name: 'a parent is a file', files: { 'a.txt': 'A' }, call: (t) => t.create('a.txt/b.txt', 'B'), expected: err('Error: Parent is not a directory: a.txt/b.txt'), filesAfter: { 'a.txt': 'A' } },
    { name: 'escape', call: (t) => t.create('../evil.txt', 'X'), expected: err('Error: Path escapes the sandbox: ../evil.txt') },
    {
      name: 'escape through a dangling symlink writes nothing outside',
      setup: (root) => fs.symlink(`${root}-outside.txt`, path.join(root, 'link.txt')),
      call: (t) => t.create('link.txt', 'X'),
      expected: err('Error: Path escapes the sandbox: link.txt'),
      after: async (root) => expect(await readTextOrNull(`${root}-outside.txt`)).toBeNull(),
    },
    {
      name: 'escape through a directory symlink',
      setup: (root) => fs.symlink(path.dirname(root), path.join(root, 'up')),
      call: (t) => t.create('up/new.txt', 'X'),
      expected: err('Error: Path escapes the sandbox: up/new.txt'),
    },
    { name: 'file_text missing', call: (t) => t.create('a.txt', undefined), expected: err('Error: Parameter file_text is required'), filesAfter: { 'a.txt': null } },
    { name: 'file_text a number', call: (t) => t.create('a.txt', 5), expected: err('Error: Parameter file_text must be a string'), filesAfter: { 'a.txt': null } },
    { name: 'path missing', call: (t) => t.create(undefined, 'X'), expected: err('Error: Parameter path is required') },
    { name: 'path an object', call: (t) => t.create({}, 'X'), expected: err('Error: Parameter path must be a string') },
  ]);
});
