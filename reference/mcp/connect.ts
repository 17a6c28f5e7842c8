import type { McpConnection, McpOptions, McpServerSpec } from '../../harness/mcp/types.ts';
import type { ToolRegistry } from '../registry/registry.ts';
import { loadSdk } from './sdk.ts';
import { outputChecks } from './output-checks.ts';
import type { McpSession } from './session.ts';
import { ServerTools } from './server-tools.ts';
import { warmSchemaCheck } from './schema-check.ts';
import { startupFailure, type StartupStep } from './startup-failure.ts';

// Starts an MCP server over stdio, runs the handshake, registers its tools under model-safe names
// mcp__<server>__<tool>, and keeps them in step with notifications/tools/list_changed until close().
// A server that cannot be started, does not answer initialize within options.startupTimeoutMs, or
// exits or fails before its tools are listed: everything opened is closed, nothing is registered,
// and the promise rejects with an Error whose message names the server and what happened.
export async function connectMcp(server: McpServerSpec, registry: ToolRegistry, options: McpOptions): Promise<McpConnection> {
  const sdk = await loadSdk();
  const { Client, StdioClientTransport, ToolListChangedNotificationSchema } = sdk;
  const client = new Client({ name: 'dispatch-lab', version: '1.0.0' }, { jsonSchemaValidator: outputChecks(sdk) });
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
  let step: StartupStep = 'initialize';
  try {
    // The SDK spawns the command with `env` over its minimal default environment (HOME, LOGNAME,
    // PATH, SHELL, TERM, USER from this program's), in `cwd` (this program's when absent).
    const transport = new StdioClientTransport({ command: server.command, args: server.args, env: server.env, cwd: server.cwd });
    const connected = client.connect(transport, { timeout: options.startupTimeoutMs });
    // While the server starts: the checks of its tools' schemas, in the draft servers on the TypeScript SDK declare.
    warmSchemaCheck('draft-07');
    await connected;
    step = 'tools/list';
    await tools.refresh();
  } catch (error) {
    const budget = step === 'initialize' ? options.startupTimeoutMs : options.timeoutMs;
    const message = startupFailure(server.name, step, error, budget, isClosed, sdk);
    tools.withdraw();
    await client.close();
    throw new Error(message);
  }
  // Ends stdin; the SDK waits for the process to exit, then sends SIGTERM, then SIGKILL.
  return { close: () => client.close() };
}
