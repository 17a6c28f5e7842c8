// What program.ts takes from your solution: the tools and the dispatcher.
export { Tools } from './tools.ts';
export { makeExecute } from './execute.ts';
export type { BashOutput, Execute, ToolOutput, ToolResult } from './types.ts';
