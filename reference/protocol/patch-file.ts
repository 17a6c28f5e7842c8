import type { WorkspaceTool } from './types.ts';
import { optionalString, requiredString } from './tool-args.ts';
import { fileText, withFile } from './workspace.ts';
import { observed, toolError } from './tool-outcome.ts';
import { countOccurrences } from '../tools/str-replace.ts';

// patch_file {path, old_str, new_str?}: replaces the one occurrence of old_str. Arguments are
// checked before the file is looked at; zero or several occurrences leave the workspace as it was.
export const patchFile: WorkspaceTool = (workspace, args) => {
  const path = requiredString(args, 'path');
  const oldStr = requiredString(args, 'old_str');
  const newStr = optionalString(args, 'new_str', '');
  if (path === undefined || oldStr === undefined || oldStr === '' || newStr === undefined) return toolError('invalid_arguments');
  const text = fileText(workspace, path);
  if (text === undefined) return toolError('file_not_found');
  const count = countOccurrences(text, oldStr);
  if (count === 0) return toolError('old_str_not_found');
  if (count > 1) return toolError('ambiguous_match');
  // Slicing, not String.replace, so "$&" or "$1" in new_str stay literal.
  const at = text.indexOf(oldStr);
  return observed(`File patched: ${path}`, withFile(workspace, path, text.slice(0, at) + newStr + text.slice(at + oldStr.length)));
};
