import { describe } from 'vitest';
import { err, ok, testToolCases } from './tool-cases.ts';

const AB = { 'a.txt': 'A\nB\n' };
const after = (k: number) => ok(`Successfully inserted text after line ${k}.`);

describe('insert', () => {
  testToolCases([
    { name: 'at the top', files: AB, call: (t) => t.insert('a.txt', 0, 'X'), expected: after(0), filesAfter: { 'a.txt': 'X\nA\nB\n' } },
    { name: 'in the middle', files: AB, call: (t) => t.insert('a.txt', 1, 'X'), expected: after(1), filesAfter: { 'a.txt': 'A\nX\nB\n' } },
    { name: 'at the end keeps the final newline', files: AB, call: (t) => t.insert('a.txt', 2, 'X'), expected: after(2), filesAfter: { 'a.txt': 'A\nB\nX\n' } },
    { name: 'no final newline stays without', files: { 'a.txt': 'A\nB' }, call: (t) => t.insert('a.txt', 2, 'X'), expected: after(2), filesAfter: { 'a.txt': 'A\nB\nX' } },
    { name: 'text ending in a newline', files: AB, call: (t) => t.insert('a.txt', 1, 'X\n'), expected: after(1), filesAfter: { 'a.txt': 'A\nX\nB\n' } },
    { name: 'several lines', files: AB, call: (t) => t.insert('a.txt', 1, 'X\nY'), expected: after(1), filesAfter: { 'a.txt': 'A\nX\nY\nB\n' } },
    { name: 'empty text is one empty line', files: AB, call: (t) => t.insert('a.txt', 1, ''), expected: after(1), filesAfter: { 'a.txt': 'A\n\nB\n' } },
    { name: 'empty file', files: { 'a.txt': '' }, call: (t) => t.insert('a.txt', 0, 'X\n'), expected: after(0), filesAfter: { 'a.txt': 'X' } },
    { name: 'leading slash', files: AB, call: (t) => t.insert('/a.txt', 0, 'X'), expected: after(0), filesAfter: { 'a.txt': 'X\nA\nB\n' } },
    { name: 'past the end', files: AB, call: (t) => t.insert('a.txt', 3, 'X'), expected: err('Error: Invalid insert_line 3: the file has 2 lines'), filesAfter: { 'a.txt': 'A\nB\n' } },
    { name: 'negative', files: AB, call: (t) => t.insert('a.txt', -1, 'X'), expected: err('Error: Invalid insert_line -1: the file has 2 lines'), filesAfter: { 'a.txt': 'A\nB\n' } },
    { name: 'empty file has 0 lines', files: { 'a.txt': '' }, call: (t) => t.insert('a.txt', 1, 'X'), expected: err('Error: Invalid insert_line 1: the file has 0 lines'), filesAfter: { 'a.txt': '' } },
    { name: 'insert_line a string', files: AB, call: (t) => t.insert('a.txt', '1', 'X'), expected: err('Error: Parameter insert_line must be an integer') },
    { name: 'insert_line a fraction', files: AB, call: (t) => t.insert('a.txt', 1.5, 'X'), expected: err('Error: Parameter insert_line must be an integer') },
    { name: 'insert_line missing', files: AB, call: (t) => t.insert('a.txt', undefined, 'X'), expected: err('Error: Parameter insert_line is required') },
    { name: 'text missing', files: AB, call: (t) => t.insert('a.txt', 1, undefined), expected: err('Error: Parameter insert_text is required'), filesAfter: { 'a.txt': 'A\nB\n' } },
    { name: 'text a number', files: AB, call: (t) => t.insert('a.txt', 1, 7), expected: err('Error: Parameter insert_text must be a string') },
    { name: 'missing file', call: (t) => t.insert('nope.txt', 0, 'X'), expected: err('Error: File not found: nope.txt'), filesAfter: { 'nope.txt': null } },
    { name: 'directory', files: { 'sub/x': '' }, call: (t) => t.insert('sub', 0, 'X'), expected: err('Error: Path is a directory: sub') },
    { name: 'escape', call: (t) => t.insert('../a.txt', 0, 'X'), expected: err('Error: Path escapes the sandbox: ../a.txt') },
  ]);
});
