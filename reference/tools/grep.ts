import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { picomatch } from '../picomatch-on-demand.ts';
import type { ToolOutput } from '../types.ts';
import type { Sandbox } from '../sandbox.ts';
import { Failure } from '../failure.ts';
import { failure, success } from '../results.ts';
import { nonEmpty, optionalString, requireString } from '../params.ts';
import { fileKind } from '../file-kind.ts';
import { isHidden, listFiles } from '../file-tree.ts';
import { splitLines } from '../lines.ts';
import { byCodeUnit } from '../code-unit-order.ts';

// Finds the lines that match a JavaScript regular expression in one file or under a directory,
// as "path:line:text" with paths relative to the sandbox root.
export async function grep(sandbox: Sandbox, pattern: unknown, path: unknown, glob: unknown): Promise<ToolOutput> {
  const source = nonEmpty('pattern', requireString('pattern', pattern));
  if (source instanceof Failure) return source.toOutput();
  const given = optionalString('path', path);
  if (given instanceof Failure) return given.toOutput();
  const filter = nonEmpty('glob', optionalString('glob', glob));
  if (filter instanceof Failure) return filter.toOutput();
  const regex = compile(source);
  if (regex instanceof Failure) return regex.toOutput();
  const base = await sandbox.resolve(given ?? '');
  if (base instanceof Failure) return base.toOutput();

  const kind = await fileKind(base);
  if (kind === 'missing') return failure(`Error: Path not found: ${given}`);
  if (kind === 'other') return failure(`Error: Not a regular file: ${given}`);
  const files = kind === 'file' ? fileCandidates(base, filter) : await directoryCandidates(base, filter);
  const hits: string[] = [];
  for (const hostPath of files.sort(byCodeUnit)) {
    hits.push(...(await matchingLines(hostPath, regex)).map((hit) => `${sandbox.relative(hostPath)}:${hit}`));
  }
  return success(hits.length === 0 ? 'No matches found' : hits.join('\n'));
}

// The pattern as a flagless RegExp; engine messages vary between versions, so the error is fixed.
function compile(source: string): RegExp | Failure {
  try {
    return new RegExp(source);
  } catch {
    return new Failure(`Error: Invalid regular expression: ${source}`);
  }
}

// A file named by the path is searched even if hidden; the glob is matched against its name.
function fileCandidates(hostPath: string, filter: string | undefined): string[] {
  return filter === undefined || globFilter(filter)(nodePath.basename(hostPath)) ? [hostPath] : [];
}

// The files under a directory that pass the glob, hidden ones only when the glob names them.
async function directoryCandidates(base: string, filter: string | undefined): Promise<string[]> {
  const accepts = filter === undefined ? (rel: string) => !isHidden(rel) : globFilter(filter);
  return (await listFiles(base)).filter(accepts).map((rel) => nodePath.join(base, rel));
}

// A glob without "/" matches a file's name at any depth (like `**/<glob>`, so hidden directories
// still need naming); a glob with "/" matches the whole path relative to the search base.
function globFilter(filter: string): (rel: string) => boolean {
  const isMatch = picomatch(filter.includes('/') ? filter : `**/${filter}`, { dot: false });
  // Wrapped: a picomatch matcher's second parameter (an array index, if passed to .filter) changes its result.
  return (rel) => isMatch(rel);
}

// "line:text" for each matching line of a text file; binary files (holding a NUL byte) are skipped.
async function matchingLines(hostPath: string, regex: RegExp): Promise<string[]> {
  const bytes = await fs.readFile(hostPath);
  if (bytes.includes(0)) return [];
  return splitLines(bytes.toString('utf8')).flatMap((line, index) => (regex.test(line) ? [`${index + 1}:${line}`] : []));
}
