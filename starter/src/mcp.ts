import type { McpConnection, McpOptions, McpServerSpec } from '../harness/mcp/types.ts';
import type { Registry } from '../harness/registry/types.ts';
import { NotImplementedError } from './not-implemented.ts';

// The shapes of this stage, from harness/mcp/types.ts.
export type { McpConnection, McpOptions, McpServerSpec } from '../harness/mcp/types.ts';

// TODO(mcp-discovery): `npx dispatch-lab show mcp-discovery` walks you through it. With the official SDK
// (@modelcontextprotocol/sdk: Client, StdioClientTransport), loaded here with `await import(...)` rather
// than at the top of the file, so the cases of the other stages do not wait for it to load:
// 1. Spawn `server.command` with `server.args`, `server.env` and `server.cwd` over stdio and connect
//    within `options.startupTimeoutMs` (initialize, then initialized).
// 2. tools/list, and register each tool under a model-safe name: `mcp__<server.name>__<tool>` with
//    other characters replaced by `_`, shortened with a hash suffix past 64 characters or on a
//    collision. Use the server's description ("" when absent) and its inputSchema unchanged as
//    parameters; the handler checks the whole schema with ajv, sends tools/call with
//    `options.timeoutMs` as the request timeout, and maps the answer (every content type) or the
//    failure to a result with the stage's exact texts. The handler never throws.
// 3. On notifications/tools/list_changed, list again: unregister withdrawn or changed tools, register
//    new or changed ones, and let the call that caused the notification wait for that.
//    A tool list that changes needs `unregister(name)`: add it to your registry class and type
//    `registry` (here and in makeRegistry) as that class.
// 4. Return `{ close }`: ends the session and the server process.
// A server that cannot be started, exits, or does not answer in time: close it, register nothing
// of it, and reject with the stage's message naming it (the harness reports it and goes on).
export async function connectMcp(server: McpServerSpec, registry: Registry, options: McpOptions): Promise<McpConnection> {
  void [server, registry, options];
  throw new NotImplementedError('connectMcp in src/mcp.ts');
}
