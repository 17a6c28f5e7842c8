import { describe } from 'vitest';
import { err, ok, testToolCases } from './tool-cases.ts';

describe('echo', () => {
  testToolCases([
    { name: 'text back', call: (t) => t.echo('hi'), expected: ok('hi') },
    { name: 'empty text', call: (t) => t.echo(''), expected: ok('') },
    { name: 'untouched', call: (t) => t.echo(' a\n\tb '), expected: ok(' a\n\tb ') },
    { name: 'missing', call: (t) => t.echo(undefined), expected: err('Error: Parameter text is required') },
    { name: 'a number', call: (t) => t.echo(1), expected: err('Error: Parameter text must be a string') },
  ]);
});
