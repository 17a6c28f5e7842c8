import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The page's view parts are pure like every core/ module: the server (grader/ui/io, before the rooms grader/io) does the
// effects, and page/ is the browser's script. They sit in grader/ui/core/ (before the rooms, at grader/ui/'s top).
const uiRoot = new URL('../../grader/ui/', import.meta.url).pathname;
const uiDir = existsSync(join(uiRoot, 'core')) ? join(uiRoot, 'core') : uiRoot;
const FORBIDDEN = /from ['"](node:)?(fs|fs\/promises|child_process|process|os|net|http|https|worker_threads|execa|chokidar|esbuild|picocolors)['"]|\bprocess\.\w|\bconsole\.\w+\(/;

describe('the ui view parts stay pure', () => {
  const files = readdirSync(uiDir).filter((f) => f.endsWith('.ts')).sort();
  it('has modules to check', () => expect(files.length).toBeGreaterThan(3));
  it.each(files)('%s touches nothing outside the process', (file) => {
    expect(readFileSync(join(uiDir, file), 'utf8').match(FORBIDDEN)?.[0]).toBeUndefined();
  });
});
