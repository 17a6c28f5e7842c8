import type { WorkspaceTool } from './types.ts';
import { requiredString } from './tool-args.ts';
import { withFile } from './workspace.ts';
import { observed, toolError } from './tool-outcome.ts';

// write_file {path, content}: creates the file or replaces its whole text ("" is a valid content).
export const writeFile: WorkspaceTool = (workspace, args) => {
  const path = requiredString(args, 'path');
  const content = requiredString(args, 'content');
  if (path === undefined || content === undefined) return toolError('invalid_arguments');
  return observed(`File written: ${path}`, withFile(workspace, path, content));
};
