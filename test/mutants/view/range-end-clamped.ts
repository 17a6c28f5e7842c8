// Mutant: a view_range end past the last line is clamped to it instead of refused.
// Replaces: reference/tools/view.ts
// Caught by: range-end-past-last-line
import fs from 'node:fs/promises';
import type { ToolOutput } from '../../../reference/types.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { failure, success } from '../../../reference/results.ts';
import { optionalPair, requireString } from '../../../reference/params.ts';
import { fileKind } from '../../../reference/file-kind.ts';
import { lineSegments, numberLines, lineCount } from '../../../reference/lines.ts';
import { byCodeUnit } from '../../../reference/code-unit-order.ts';

// Shows a file with numbered lines (optionally only `[start, end]`), or lists a directory.
export async function view(sandbox: Sandbox, path: unknown, viewRange: unknown): Promise<ToolOutput> {
  const given = requireString('path', path);
  if (given instanceof Failure) return given.toOutput();
  const range = optionalPair('view_range', viewRange);
  if (range instanceof Failure) return range.toOutput();
  const hostPath = await sandbox.resolve(given);
  if (hostPath instanceof Failure) return hostPath.toOutput();

  const kind = await fileKind(hostPath);
  if (kind === 'missing') return failure(`Error: File not found: ${given}`);
  if (kind === 'other') return failure(`Error: Not a regular file: ${given}`);
  if (kind === 'directory') {
    if (range) return failure(`Error: view_range is not allowed for a directory: ${given}`);
    return success(await listDirectory(hostPath));
  }
  const segments = lineSegments(await fs.readFile(hostPath, 'utf8'));
  if (!range) return success(numberLines(segments, 1));
  const [start, givenEnd] = range;
  const end = givenEnd > segments.length ? segments.length : givenEnd;
  if (!isValidRange(start, end, segments.length)) {
    return failure(`Error: Invalid view_range [${start}, ${end}]: the file has ${lineCount(segments.length)}`);
  }
  return success(numberLines(segments.slice(start - 1, end === -1 ? undefined : end), start));
}

// A range is taken as given or refused, never clamped; end -1 means "to the last line".
function isValidRange(start: number, end: number, total: number): boolean {
  return start >= 1 && start <= total && (end === -1 || (end >= start && end <= total));
}

// Entry names sorted by code unit, a directory's name ending in "/", one per line.
async function listDirectory(hostPath: string): Promise<string> {
  const entries = await fs.readdir(hostPath, { withFileTypes: true });
  return entries
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort(byCodeUnit)
    .join('\n');
}
