import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The page's view parts (grader/ui, not its browser script in page/) are pure like grader/core: the server in grader/io does the effects.
const uiDir = new URL('../../grader/ui/', import.meta.url).pathname;
const FORBIDDEN = /from ['"](node:)?(fs|fs\/promises|child_process|process|os|net|http|https|worker_threads|execa|chokidar|esbuild|picocolors)['"]|\bprocess\.\w|\bconsole\.\w+\(/;

describe('grader/ui stays pure', () => {
  const files = readdirSync(uiDir).filter((f) => f.endsWith('.ts')).sort();
  it('has modules to check', () => expect(files.length).toBeGreaterThan(3));
  it.each(files)('%s touches nothing outside the process', (file) => {
    expect(readFileSync(join(uiDir, file), 'utf8').match(FORBIDDEN)?.[0]).toBeUndefined();
  });
});
