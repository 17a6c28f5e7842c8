import type { WorkspaceTool } from './types.ts';
import { requiredString } from './tool-args.ts';
import { fileText } from './workspace.ts';
import { observed, toolError } from './tool-outcome.ts';
import { lineSegments, numberLines } from '../lines.ts';

// read_file {path}: the file's lines numbered as view numbers them ("1: …"), line endings kept.
export const readFile: WorkspaceTool = (workspace, args) => {
  const path = requiredString(args, 'path');
  if (path === undefined) return toolError('invalid_arguments');
  const text = fileText(workspace, path);
  if (text === undefined) return toolError('file_not_found');
  return observed(numberLines(lineSegments(text), 1), workspace);
};
