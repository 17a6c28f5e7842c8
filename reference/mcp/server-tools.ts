import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../registry/registry.ts';
import type { McpSession } from './session.ts';
import { mcpToolName } from './tool-name.ts';
import { toolListChanges } from './tool-list-changes.ts';
import { remoteTool } from './remote-tool.ts';

// One server's tools in the registry, kept in step with its tools/list: one listing at a time, in
// the order they were asked for, so an older listing never overwrites a newer one.
export class ServerTools {
  #listed = new Map<string, Tool>();
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly registry: ToolRegistry,
    readonly session: McpSession,
  ) {}

  // Lists the tools again once the listings before it are done, and updates the registry.
  refresh(): Promise<void> {
    const next = this.#queue.then(() => this.#listAndApply());
    // A listing that gets no answer leaves the registry as it was; later listings still run.
    this.#queue = next.catch(() => undefined);
    return next;
  }

  // Resolves when every listing asked for so far has finished.
  settled(): Promise<void> {
    return this.#queue;
  }

  // One listing: read every page, then unregister and register what changed.
  async #listAndApply(): Promise<void> {
    const listed = await listAllTools(this.session.client, this.session.timeoutMs);
    const changes = toolListChanges(this.#listed, listed);
    for (const name of changes.remove) this.registry.unregister(mcpToolName(this.session.server, name));
    for (const tool of changes.add) this.registry.register(remoteTool(this.session, tool));
    this.#listed = new Map(listed.map((tool) => [tool.name, tool]));
  }
}

// Every page of tools/list.
async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}
