// Mutant: only the empty pattern is checked before the path's type; absent and mistyped patterns after it.
// Replaces: reference/tools/glob.ts
// Caught by: pattern-before-path-type
import nodePath from 'node:path';
import picomatch from 'picomatch';
import type { ToolOutput } from '../../../reference/types.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { failure, success } from '../../../reference/results.ts';
import { optionalString, requireString } from '../../../reference/params.ts';
import { fileKind } from '../../../reference/file-kind.ts';
import { listFiles } from '../../../reference/file-tree.ts';
import { byCodeUnit } from '../../../reference/code-unit-order.ts';

// Lists the regular files under a directory whose path (relative to that directory) matches a
// glob: "*" stays inside one directory, "**" crosses them, dot names match only when named.
export async function glob(sandbox: Sandbox, pattern: unknown, path: unknown): Promise<ToolOutput> {
  if (pattern === '') return failure('Error: Parameter pattern must not be empty');
  const given = optionalString('path', path);
  if (given instanceof Failure) return given.toOutput();
  const glob = requireString('pattern', pattern);
  if (glob instanceof Failure) return glob.toOutput();
  const base = await sandbox.resolve(given ?? '');
  if (base instanceof Failure) return base.toOutput();
  if ((await fileKind(base)) !== 'directory') return failure(`Error: Directory not found: ${given}`);

  const isMatch = picomatch(glob, { dot: false });
  const found = (await listFiles(base))
    .filter((rel) => isMatch(rel))
    .map((rel) => sandbox.relative(nodePath.join(base, rel)))
    .sort(byCodeUnit);
  return success(found.length === 0 ? 'No files found' : found.join('\n'));
}
