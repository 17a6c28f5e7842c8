import type { CommandDeclaration } from './declaration.ts';
import type { Registry } from '../registry/types.ts';
import type { McpConnection, McpOptions, McpServerSpec } from '../mcp/types.ts';
import { MCP_INPUT } from '../mcp/mcp-request.ts';

declare module '../solution.ts' {
  interface SolutionParts<T, R extends Registry> {
    // mcp-discovery: connects to a server, registers its tools in the registry.
    connectMcp?: (server: McpServerSpec, registry: R, options: McpOptions) => Promise<McpConnection>;
  }
}

// `mcp`: tools discovered from MCP servers through the solution's connectMcp.
export const mcp: CommandDeclaration = {
  name: 'mcp',
  input: MCP_INPUT,
  exports: [
    { name: 'makeRegistry', required: false },
    { name: 'connectMcp', required: false },
  ],
  run: async (stdinText, solution) => (await import('../mcp/run-mcp.ts')).runMcp(stdinText, solution),
};
