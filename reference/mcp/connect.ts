import type { McpConnection, McpOptions, McpServerSpec } from '../../harness/mcp/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
import { loadSdk } from './sdk.ts';
import type { McpSession } from './session.ts';
import { ServerTools } from './server-tools.ts';

// Starts an MCP server over stdio, runs the handshake, registers its tools as mcp__<server>__<tool>,
// and keeps them in step with notifications/tools/list_changed until close().
export async function connectMcp(server: McpServerSpec, registry: ToolRegistry, options: McpOptions): Promise<McpConnection> {
  const sdk = await loadSdk();
  const { Client, StdioClientTransport, ToolListChangedNotificationSchema } = sdk;
  const client = new Client({ name: 'dispatch-lab', version: '1.0.0' });
  let isClosed = false;
  client.onclose = () => {
    isClosed = true;
  };
  const session: McpSession = { server: server.name, client, sdk, timeoutMs: options.timeoutMs, isClosed: () => isClosed, settled: () => tools.settled() };
  const tools = new ServerTools(registry, session);
  // Set before the handshake, so that a list_changed sent right after it is not missed.
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    tools.refresh().catch(() => undefined);
  });
  try {
    // The server runs in this program's working directory, with the SDK's small default environment.
    await client.connect(new StdioClientTransport({ command: server.command, args: server.args }));
    await tools.refresh();
  } catch (error) {
    await client.close();
    throw new Error(`MCP server ${server.name} did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Ends stdin; the SDK waits for the process to exit, then sends SIGTERM, then SIGKILL.
  return { close: () => client.close() };
}
