// The reference solution: what a student's solution directory exports.
export { Tools } from './tools.ts';
export { makeExecute } from './execute.ts';
export type { BashOutput, Execute, ToolOutput, ToolResult } from './types.ts';
