// PLACEHOLDER: replaced by the stage's own module.
import type { McpConnection, McpOptions, McpServerSpec } from '../../harness/mcp/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
export async function connectMcp(server: McpServerSpec, registry: ToolRegistry, options: McpOptions): Promise<McpConnection> {
  void [server, registry, options];
  throw new Error('reference not written yet');
}
