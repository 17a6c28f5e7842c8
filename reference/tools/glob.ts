import nodePath from 'node:path';
import { picomatch } from '../picomatch-on-demand.ts';
import type { ToolOutput } from '../types.ts';
import type { Sandbox } from '../sandbox.ts';
import { Failure } from '../failure.ts';
import { failure, success } from '../results.ts';
import { nonEmpty, optionalString, requireString } from '../params.ts';
import { fileKind } from '../file-kind.ts';
import { listFiles } from '../file-tree.ts';
import { byCodeUnit } from '../code-unit-order.ts';

// Lists the regular files under a directory whose path (relative to that directory) matches a
// glob: "*" stays inside one directory, "**" crosses them, dot names match only when named.
export async function glob(sandbox: Sandbox, pattern: unknown, path: unknown): Promise<ToolOutput> {
  const glob = nonEmpty('pattern', requireString('pattern', pattern));
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
