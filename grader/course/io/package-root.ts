import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The dispatch-lab package's own folder (which holds the course content), found from this module's location.
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'dispatch-lab') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the dispatch-lab package root');
    dir = parent;
  }
}
