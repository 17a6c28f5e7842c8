import type { ToolName, WorkspaceTool } from './types.ts';
import { readFile } from './read-file.ts';
import { writeFile } from './write-file.ts';
import { patchFile } from './patch-file.ts';

// The protocol's tools by exact name.
export const WORKSPACE_TOOLS: Readonly<Record<ToolName, WorkspaceTool>> = {
  read_file: readFile,
  write_file: writeFile,
  patch_file: patchFile,
};

// True when `name` is one of the tools, spelled exactly: case-sensitive, no trimming, and an
// own key, so that inherited names such as "toString" are unsupported.
export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(WORKSPACE_TOOLS, name);
}
