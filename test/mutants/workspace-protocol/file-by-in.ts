// Mutant: a file is looked up with `in`, so workspace["constructor"] is a file.
// Replaces: reference/protocol/workspace.ts
// Caught by: read-inherited-key-missing
import type { Workspace } from '../../../reference/protocol/types.ts';

// Reading and writing the in-memory workspace. Only own keys are files, so that "toString" or
// "constructor" are missing files, not the methods every object inherits.

// The text of the file at `path` exactly as keyed, or undefined when there is no such file.
export function fileText(workspace: Workspace, path: string): string | undefined {
  return path in workspace ? String(workspace[path]) : undefined;
}

// A copy of the workspace with `path` holding `text` (added, or replaced in place).
export function withFile(workspace: Workspace, path: string, text: string): Workspace {
  // A computed key defines an own property, even for "__proto__".
  return { ...workspace, [path]: text };
}
