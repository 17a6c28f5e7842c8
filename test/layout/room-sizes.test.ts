import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const graderDir = new URL('../../grader/', import.meta.url).pathname;
const MAX_FILES = 25;

// Every folder under grader/ (itself as ''), relative to it with "/" separators.
function foldersOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const path = join(dir, e.name);
      return [relative(graderDir, path).split('\\').join('/'), ...foldersOf(path)];
    });
}

describe('grader/ is laid out in rooms a newcomer can scan', () => {
  const folders = ['', ...foldersOf(graderDir)];
  const sizes = folders.map((folder) => [folder, readdirSync(join(graderDir, folder), { withFileTypes: true }).filter((e) => e.isFile()).length] as const);
  it('has rooms', () => expect(folders.length).toBeGreaterThan(10));
  it(`no folder holds more than ${MAX_FILES} files`, () => {
    expect(sizes.filter(([, n]) => n > MAX_FILES)).toEqual([]);
  });
  it('no loose module at the root but the command line', () => {
    expect(readdirSync(graderDir).filter((f) => f.endsWith('.ts'))).toEqual(['cli.ts']);
  });
  it('inside a room, only core/ (pure), io/ (effects) and the ui page/', () => {
    expect(folders.filter((f) => f.includes('/') && !/\/(core|io|page)$/.test(f))).toEqual([]);
  });
});
