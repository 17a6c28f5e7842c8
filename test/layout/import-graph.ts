import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Every module specifier a TypeScript source names: static imports and re-exports (type-only ones included), side-effect imports, dynamic import().
const SPECIFIER = /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

// The specifiers one source names, in order.
export function specifiersOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

// Every .ts file under a directory, as paths relative to it.
export function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort();
}

// The import graph of a directory's .ts files: each file (relative to the directory) to the files of the same directory it imports.
export function importGraph(dir: string): Map<string, string[]> {
  const files = tsFilesUnder(dir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiersOf(readFileSync(join(dir, file), 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => relative(dir, resolve(dir, dirname(file), s)))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

// Every import cycle of a graph, each once, as the files around it (the first file repeated at the end).
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): void => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    onPath.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return cycles;
}
