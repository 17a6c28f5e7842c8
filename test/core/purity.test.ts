import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const coreDir = new URL('../../grader/core/', import.meta.url).pathname;
const FORBIDDEN = /from ['"](node:)?(fs|fs\/promises|child_process|process|os|net|http|https|worker_threads|execa|chokidar|esbuild|picocolors)['"]|\bprocess\.\w|\bconsole\.\w+\(/;

describe('grader/core stays pure', () => {
  const files = readdirSync(coreDir).filter((f) => f.endsWith('.ts')).sort();
  it('has modules to check', () => expect(files.length).toBeGreaterThan(5));
  it.each(files)('%s touches nothing outside the process', (file) => {
    const source = readFileSync(join(coreDir, file), 'utf8');
    expect(source.match(FORBIDDEN)?.[0]).toBeUndefined();
  });
});
