import type { McpConnection, McpOptions, McpServerSpec } from '../harness/mcp/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// TODO(mcp-discovery): connect over stdio, list the server's tools, register them as mcp__<server>__<tool>.
export async function connectMcp(server: McpServerSpec, registry: Registry, options: McpOptions): Promise<McpConnection> {
  void [server, registry, options];
  throw new NotImplementedError('connectMcp in src/mcp.ts');
}
