// Mutant: every trailing newline of the text is trimmed before it is split, so "b\n\n" inserts one line instead of two.
// Replaces: reference/tools/insert.ts
// Caught by: text-lines-split-like-the-file
import fs from 'node:fs/promises';
import type { ToolOutput } from '../../../reference/types.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { failure, success } from '../../../reference/results.ts';
import { requireInteger, requireString } from '../../../reference/params.ts';
import { splitLines, lineCount } from '../../../reference/lines.ts';
import { readEditableFile } from '../../../reference/tools/editable-file.ts';

// Inserts text as whole lines after line `insertLine` (0 = top); the file's final newline is kept.
export async function insert(
  sandbox: Sandbox,
  path: unknown,
  insertLine: unknown,
  text: unknown,
): Promise<ToolOutput> {
  const given = requireString('path', path);
  if (given instanceof Failure) return given.toOutput();
  const after = requireInteger('insert_line', insertLine);
  if (after instanceof Failure) return after.toOutput();
  const inserted = requireString('insert_text', text);
  if (inserted instanceof Failure) return inserted.toOutput();
  const file = await readEditableFile(sandbox, given);
  if (file instanceof Failure) return file.toOutput();

  const lines = splitLines(file.text);
  if (after < 0 || after > lines.length) {
    return failure(`Error: Invalid insert_line ${after}: the file has ${lineCount(lines.length)}`);
  }
  await fs.writeFile(file.hostPath, insertLines(file.text, after, inserted));
  return success(`Successfully inserted text after line ${after}.`);
}

// The file text with `inserted` spliced in after line `after`. "X" and "X\n" both insert one
// line; "" inserts one empty line. The result ends in "\n" exactly when the original did.
export function insertLines(original: string, after: number, inserted: string): string {
  const lines = splitLines(original);
  const newLines = inserted.replace(/\n+$/, '') === '' ? [''] : splitLines(inserted.replace(/\n+$/, ''));
  const joined = [...lines.slice(0, after), ...newLines, ...lines.slice(after)].join('\n');
  return original.endsWith('\n') ? `${joined}\n` : joined;
}
