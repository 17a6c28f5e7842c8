// picomatch, loaded the first time a tool matches a glob, not when the program starts: it is a CommonJS package of
// several files, its loading was about a tenth of a dispatch case's whole start, and most cases match no glob.
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

let loaded: typeof Picomatch | undefined;

// A matcher for `glob`, as picomatch(glob, options) makes it.
export function picomatch(glob: string, options: Picomatch.PicomatchOptions): Picomatch.Matcher {
  loaded ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch;
  return loaded(glob, options);
}
