// Mutant: write_file does not check its path, so a missing path writes a file named "undefined".
// Replaces: reference/protocol/write-file.ts
// Caught by: write-without-path
import type { WorkspaceTool } from '../../../reference/protocol/types.ts';
import { requiredString } from '../../../reference/protocol/tool-args.ts';
import { withFile } from '../../../reference/protocol/workspace.ts';
import { observed, toolError } from '../../../reference/protocol/tool-outcome.ts';

// write_file {path, content}: creates the file or replaces its whole text ("" is a valid content).
export const writeFile: WorkspaceTool = (workspace, args) => {
  const path = requiredString(args, 'path');
  const content = requiredString(args, 'content');
  if (content === undefined) return toolError('invalid_arguments');
  return observed(`File written: ${String(path)}`, withFile(workspace, String(path), content));
};
