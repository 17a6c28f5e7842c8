// Mutant: a null pattern is refused as not a string instead of counting as absent.
// Replaces: reference/tools/glob.ts
// Caught by: null-pattern-is-missing
import nodePath from 'node:path';
import picomatch from 'picomatch';
import type { ToolOutput } from '../../../reference/types.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { failure, success } from '../../../reference/results.ts';
import { nonEmpty, optionalString, requireString } from '../../../reference/params.ts';
import { fileKind } from '../../../reference/file-kind.ts';
import { listFiles } from '../../../reference/file-tree.ts';
import { byCodeUnit } from '../../../reference/code-unit-order.ts';

// Lists the regular files under a directory whose path (relative to that directory) matches a
// glob: "*" stays inside one directory, "**" crosses them, dot names match only when named.
export async function glob(sandbox: Sandbox, pattern: unknown, path: unknown): Promise<ToolOutput> {
  const glob = nonEmpty('pattern', pattern === null ? new Failure('Error: Parameter pattern must be a string') : requireString('pattern', pattern));
  if (glob instanceof Failure) return glob.toOutput();
  const given = optionalString('path', path);
  if (given instanceof Failure) return given.toOutput();
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
