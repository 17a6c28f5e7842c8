import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, specifiersOf, tsFilesUnder } from './import-graph.ts';

// harness/ is copied into every student's course by `init` and bundled into their program: it imports nothing outside
// itself (the grader imports it, never the other way), and, like grader/, has no import cycle.
const harnessDir = new URL('../../harness/', import.meta.url).pathname;

describe('harness/', () => {
  const files = tsFilesUnder(harnessDir);
  it('has the command declarations', () => expect(files).toContain(join('commands', 'index.ts')));

  it.each(files)('%s imports only from harness/ and packages', (file) => {
    const outside = specifiersOf(readFileSync(join(harnessDir, file), 'utf8'))
      .filter((s) => s.startsWith('.'))
      .filter((s) => !resolve(harnessDir, file, '..', s).startsWith(harnessDir));
    expect(outside).toEqual([]);
  });

  it('has no import cycle (dynamic and type-only imports included)', () => {
    expect(cyclesOf(importGraph(harnessDir)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
