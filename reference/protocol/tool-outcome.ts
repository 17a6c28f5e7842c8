import type { ToolErrorCode, ToolOutcome, Workspace } from './types.ts';

// A tool that did its work: what the model reads and the workspace after the call.
export function observed(observation: string, workspace: Workspace): ToolOutcome {
  return { status: 'ok', observation, workspace };
}

// A tool that could not do its work; the workspace stays as it was.
export function toolError(error: ToolErrorCode): ToolOutcome {
  return { status: 'error', error };
}
