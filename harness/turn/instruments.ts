import type { ToolDefinition } from '../registry/types.ts';
import { LATCH_WAIT_MS, Latches, latchTool, latchWriteTool } from './latch.ts';
import { TallyBoard, tallyTool } from './tally.ts';

// The course's instrument tools for one turn over the sandbox `root`, with fresh state: `latch` and
// `latch_write` prove that calls overlapped, `tally` proves that writes to one file did not.
export function instrumentTools(root: string, latchWaitMs = LATCH_WAIT_MS): ToolDefinition[] {
  const latches = new Latches(latchWaitMs);
  return [latchTool(latches), latchWriteTool(latches), tallyTool(root, new TallyBoard())];
}
