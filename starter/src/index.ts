// What program.ts takes from your solution: one export per layer of the pipeline.
export { Tools } from './tools.ts';
export { makeExecute } from './execute.ts';
export { handleProtocolRequest } from './protocol.ts';
export { makeRegistry } from './registry.ts';
export { withPolicy } from './policy.ts';
export { runLoop } from './loop.ts';
export { runTurn } from './turn.ts';
export { connectMcp } from './mcp.ts';
export type { BashOutput, Execute, ToolOutput, ToolResult } from './types.ts';
