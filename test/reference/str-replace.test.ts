import { describe } from 'vitest';
import { err, ok, testToolCases } from './tool-cases.ts';

const REPLACED = 'Successfully replaced text at exactly one location.';
const NO_MATCH = 'Error: No match found for replacement. Please check your text and try again.';
const many = (n: number) => `Error: Found ${n} matches for replacement text. Please provide more context to make a unique match.`;

describe('str_replace', () => {
  testToolCases([
    { name: 'one match', files: { 'a.txt': 'let x = 1;\n' }, call: (t) => t.strReplace('a.txt', '1', '2'), expected: ok(REPLACED), filesAfter: { 'a.txt': 'let x = 2;\n' } },
    { name: 'multi-line', files: { 'a.txt': 'A\nB\nC\n' }, call: (t) => t.strReplace('a.txt', 'A\nB', 'X'), expected: ok(REPLACED), filesAfter: { 'a.txt': 'X\nC\n' } },
    { name: '$& and $1 stay literal', files: { 'a.txt': 'a b c' }, call: (t) => t.strReplace('a.txt', 'b', '[$&$1$$]'), expected: ok(REPLACED), filesAfter: { 'a.txt': 'a [$&$1$$] c' } },
    { name: 'new_str missing deletes', files: { 'a.txt': 'keep drop' }, call: (t) => t.strReplace('a.txt', ' drop'), expected: ok(REPLACED), filesAfter: { 'a.txt': 'keep' } },
    { name: 'new_str null deletes', files: { 'a.txt': 'keep drop' }, call: (t) => t.strReplace('a.txt', ' drop', null), expected: ok(REPLACED), filesAfter: { 'a.txt': 'keep' } },
    { name: 'overlaps count once', files: { 'a.txt': 'aaa' }, call: (t) => t.strReplace('a.txt', 'aa', 'b'), expected: ok(REPLACED), filesAfter: { 'a.txt': 'ba' } },
    { name: 'no match', files: { 'a.txt': 'abc' }, call: (t) => t.strReplace('a.txt', 'x', 'y'), expected: err(NO_MATCH), filesAfter: { 'a.txt': 'abc' } },
    { name: 'case-sensitive', files: { 'a.txt': 'abc' }, call: (t) => t.strReplace('a.txt', 'B', 'y'), expected: err(NO_MATCH), filesAfter: { 'a.txt': 'abc' } },
    { name: 'two matches', files: { 'a.txt': 'x x' }, call: (t) => t.strReplace('a.txt', 'x', 'y'), expected: err(many(2)), filesAfter: { 'a.txt': 'x x' } },
    { name: 'non-overlapping count', files: { 'a.txt': 'aaaa' }, call: (t) => t.strReplace('a.txt', 'aa', 'b'), expected: err(many(2)), filesAfter: { 'a.txt': 'aaaa' } },
    { name: 'three matches', files: { 'a.txt': 'a.a.a' }, call: (t) => t.strReplace('a.txt', 'a', 'b'), expected: err(many(3)), filesAfter: { 'a.txt': 'a.a.a' } },
    { name: 'empty old_str', files: { 'a.txt': 'abc' }, call: (t) => t.strReplace('a.txt', '', 'y'), expected: err('Error: Parameter old_str must not be empty'), filesAfter: { 'a.txt': 'abc' } },
    { name: 'missing file', call: (t) => t.strReplace('nope.txt', 'a', 'b'), expected: err('Error: File not found: nope.txt'), filesAfter: { 'nope.txt': null } },
    { name: 'directory', files: { 'sub/x': '' }, call: (t) => t.strReplace('sub', 'a', 'b'), expected: err('Error: Path is a directory: sub') },
    { name: 'escape', call: (t) => t.strReplace('../a.txt', 'a', 'b'), expected: err('Error: Path escapes the sandbox: ../a.txt') },
    { name: 'old_str missing', files: { 'a.txt': 'abc' }, call: (t) => t.strReplace('a.txt', undefined, 'b'), expected: err('Error: Parameter old_str is required') },
    { name: 'old_str a number', files: { 'a.txt': '1' }, call: (t) => t.strReplace('a.txt', 1, 'b'), expected: err('Error: Parameter old_str must be a string'), filesAfter: { 'a.txt': '1' } },
    { name: 'new_str a number', files: { 'a.txt': 'a' }, call: (t) => t.strReplace('a.txt', 'a', 2), expected: err('Error: Parameter new_str must be a string'), filesAfter: { 'a.txt': 'a' } },
    { name: 'path missing', call: (t) => t.strReplace(undefined, 'a', 'b'), expected: err('Error: Parameter path is required') },
  ]);
});
