import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

// Pure modules live in a folder named core/ in any room of grader/ (grader/judge/core/, grader/course/core/, …; before
// the rooms, grader/core/ alone): they import nothing that touches the world, the room's io/ folder does the effects.
const graderDir = new URL('../../grader/', import.meta.url).pathname;
const FORBIDDEN = /from ['"](node:)?(fs|fs\/promises|child_process|process|os|net|http|https|worker_threads|execa|chokidar|esbuild|picocolors)['"]|\bprocess\.\w|\bconsole\.\w+\(/;

describe('every grader/**/core/ module stays pure', () => {
  const files = readdirSync(graderDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && f.split(sep).slice(0, -1).includes('core'))
    .sort();
  it('has modules to check', () => expect(files.length).toBeGreaterThan(50));
  it.each(files)('%s touches nothing outside the process', (file) => {
    const source = readFileSync(join(graderDir, file), 'utf8');
    expect(source.match(FORBIDDEN)?.[0]).toBeUndefined();
  });
});
