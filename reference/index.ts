// The reference solution: what a student's solution directory exports, one layer per folder.
export { Tools } from './tools.ts';
export { makeExecute } from './execute.ts';
export { handleProtocolRequest } from './protocol/handle-request.ts';
export { makeRegistry } from './registry/make-registry.ts';
export { withPolicy } from './policy/with-policy.ts';
export { runLoop } from './loop/run-loop.ts';
export { runTurn } from './turn/run-turn.ts';
export { connectMcp } from './mcp/connect.ts';
export type { BashOutput, Execute, ToolOutput, ToolResult } from './types.ts';
