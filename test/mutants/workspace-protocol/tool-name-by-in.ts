// Mutant: "toString" in the tool table is true, so an inherited name is routed (and crashes) instead of being unsupported_tool.
// Replaces: reference/protocol/workspace-tools.ts
// Caught by: inherited-name-unsupported
import type { ToolName, WorkspaceTool } from '../../../reference/protocol/types.ts';
import { readFile } from '../../../reference/protocol/read-file.ts';
import { writeFile } from '../../../reference/protocol/write-file.ts';
import { patchFile } from '../../../reference/protocol/patch-file.ts';

// The protocol's tools by exact name.
export const WORKSPACE_TOOLS: Readonly<Record<ToolName, WorkspaceTool>> = {
  read_file: readFile,
  write_file: writeFile,
  patch_file: patchFile,
};

// True when `name` is one of the tools, spelled exactly: case-sensitive, no trimming, and an
// own key, so that inherited names such as "toString" are unsupported.
export function isToolName(name: string): name is ToolName {
  return name in WORKSPACE_TOOLS;
}
