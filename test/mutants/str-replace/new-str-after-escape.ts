// Mutant: new_str is checked after the path is resolved, so an escaping path with a bad new_str reports the escape.
// Replaces: reference/tools/str-replace.ts
// Caught by: new-str-before-the-escape
import fs from 'node:fs/promises';
import type { ToolOutput } from '../../../reference/types.ts';
import type { Sandbox } from '../../../reference/sandbox.ts';
import { Failure } from '../../../reference/failure.ts';
import { failure, success } from '../../../reference/results.ts';
import { nonEmpty, optionalString, requireString } from '../../../reference/params.ts';
import { readEditableFile } from '../../../reference/tools/editable-file.ts';

// Replaces the one exact occurrence of `oldStr` in a file; zero or several is an error and
// nothing is written.
export async function strReplace(
  sandbox: Sandbox,
  path: unknown,
  oldStr: unknown,
  newStr: unknown,
): Promise<ToolOutput> {
  const given = requireString('path', path);
  if (given instanceof Failure) return given.toOutput();
  const needle = nonEmpty('old_str', requireString('old_str', oldStr));
  if (needle instanceof Failure) return needle.toOutput();
  const resolved = await sandbox.resolve(given);
  if (resolved instanceof Failure) return resolved.toOutput();
  const replacement = optionalString('new_str', newStr) ?? '';
  if (replacement instanceof Failure) return replacement.toOutput();
  const file = await readEditableFile(sandbox, given);
  if (file instanceof Failure) return file.toOutput();

  const count = countOccurrences(file.text, needle);
  if (count === 0) return failure('Error: No match found for replacement. Please check your text and try again.');
  if (count > 1) {
    return failure(
      `Error: Found ${count} matches for replacement text. Please provide more context to make a unique match.`,
    );
  }
  // Slicing, not String.replace, so "$&" or "$1" in the replacement stay literal.
  const at = file.text.indexOf(needle);
  await fs.writeFile(file.hostPath, file.text.slice(0, at) + replacement + file.text.slice(at + needle.length));
  return success('Successfully replaced text at exactly one location.');
}

// How many non-overlapping times `needle` occurs in `text`, scanning left to right.
export function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}
