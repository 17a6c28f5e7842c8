import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, specifiersOf } from './import-graph.ts';

const graderDir = new URL('../../grader/', import.meta.url).pathname;

describe('the import graph walker', () => {
  it.each([
    ["import { a } from './a.ts';", ['./a.ts']],
    ["import type { A } from '../core/a.ts';", ['../core/a.ts']],
    ["export { b, type B } from './b.ts';", ['./b.ts']],
    ["export * from './c.ts';", ['./c.ts']],
    ["import './side.ts';", ['./side.ts']],
    ["const { w } = await import('./watch.ts');", ['./watch.ts']],
    ["import {\n  a,\n  b,\n} from './multi.ts';", ['./multi.ts']],
    ["const text = 'imports nothing';", []],
  ])('reads the specifiers of %j', (source, expected) => {
    expect(specifiersOf(source)).toEqual(expected);
  });

  it('finds a cycle through three files and none in a chain', () => {
    const ring = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]);
    expect(cyclesOf(ring)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    const chain = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', []]]);
    expect(cyclesOf(chain)).toEqual([]);
  });
});

describe('grader/ has no import cycle', () => {
  const graph = importGraph(graderDir);
  it('walks the whole grader', () => expect(graph.size).toBeGreaterThan(100));
  it('no module imports itself back, directly or through others (dynamic and type-only imports included)', () => {
    expect(cyclesOf(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
