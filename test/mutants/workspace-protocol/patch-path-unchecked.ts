// Mutant: patch_file does not check its path, so a missing path looks up workspace["undefined"] and is file_not_found.
// Replaces: reference/protocol/patch-file.ts
// Caught by: patch-without-path
import type { WorkspaceTool } from '../../../reference/protocol/types.ts';
import { optionalString, requiredString } from '../../../reference/protocol/tool-args.ts';
import { fileText, withFile } from '../../../reference/protocol/workspace.ts';
import { observed, toolError } from '../../../reference/protocol/tool-outcome.ts';
import { countOccurrences } from '../../../reference/tools/str-replace.ts';

// patch_file {path, old_str, new_str?}: replaces the one occurrence of old_str. Arguments are
// checked before the file is looked at; zero or several occurrences leave the workspace as it was.
export const patchFile: WorkspaceTool = (workspace, args) => {
  const path = requiredString(args, 'path');
  const oldStr = requiredString(args, 'old_str');
  const newStr = optionalString(args, 'new_str', '');
  if (oldStr === undefined || oldStr === '' || newStr === undefined) return toolError('invalid_arguments');
  const text = fileText(workspace, path as string);
  if (text === undefined) return toolError('file_not_found');
  const count = countOccurrences(text, oldStr);
  if (count === 0) return toolError('old_str_not_found');
  if (count > 1) return toolError('ambiguous_match');
  // Slicing, not String.replace, so "$&" or "$1" in new_str stay literal.
  const at = text.indexOf(oldStr);
  return observed(`File patched: ${String(path)}`, withFile(workspace, path as string, text.slice(0, at) + newStr + text.slice(at + oldStr.length)));
};
